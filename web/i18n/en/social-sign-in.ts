import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Google Sign-In Was Cancelled",
      text: "You have not been signed in: the sign-in with Google was cancelled. You can try again, or sign in with your email.",
    },
    refused: {
      title: "Google Did Not Sign You In",
      text: "Google turned this sign-in down, so you have not been signed in. Please try again, or sign in with your email.",
    },
    expired: {
      title: "This Sign-In Has Expired",
      text: "The sign-in with Google took too long, was already completed, or was started in another browser window. Please start again.",
    },
    unverified: {
      title: "Your Google Email Is Not Verified",
      text: "Google has not verified the email address of this Google account, so it cannot sign you in. Verify the address with Google, or sign in with your email.",
    },
    unreachable: {
      title: "Google Is Not Responding",
      text: "We could not reach Google to finish signing you in. Please try again in a moment, or sign in with your email.",
    },
    failed: {
      title: "Google Sign-In Failed",
      text: "Google's answer could not be verified, so you have not been signed in. Please try again, or sign in with your email.",
    },
    busy: {
      title: "Too Many Attempts",
      text: "There have been too many sign-ins from your network. Please wait a while and try again, or sign in with your email.",
    },
    unavailable: {
      title: "Google Sign-In Is Not Available",
      text: "Signing in with this provider is not offered here. Please sign in with your email.",
    },
    disabled: {
      title: "This Account Is Disabled",
      text: "The account of this Google login has been disabled, so it cannot sign in. Please contact support.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirm Your Email First",
      text: "Google has not confirmed that this Google account owns its email address, so it cannot be linked to your account yet. Sign in with your email first, then choose Continue with Google again in this browser to link it.",
    },
    held: {
      title: "Google Sign-In Is Paused",
      text: "Google told us this Google account may have been taken over, so it cannot sign in to your account for now. Sign in with your password or a passkey, or contact support. A password or passkey added in the month before Google told us does not count.",
    },
    backToLogin: "Back to Login",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Microsoft Sign-In Was Cancelled",
      text: "You have not been signed in: the sign-in with Microsoft was cancelled. You can try again, or sign in with your email.",
    },
    refused: {
      title: "Microsoft Did Not Sign You In",
      text: "Microsoft turned this sign-in down, so you have not been signed in. Please try again, or sign in with your email.",
    },
    expired: {
      title: "This Sign-In Has Expired",
      text: "The sign-in with Microsoft took too long, was already completed, or was started in another browser window. Please start again.",
    },
    unverified: {
      title: "Your Microsoft Email Is Not Verified",
      text: "Microsoft has not verified the email address of this Microsoft account, so it cannot sign you in. Verify the address with Microsoft, or sign in with your email.",
    },
    unreachable: {
      title: "Microsoft Is Not Responding",
      text: "We could not reach Microsoft to finish signing you in. Please try again in a moment, or sign in with your email.",
    },
    failed: {
      title: "Microsoft Sign-In Failed",
      text: "Microsoft's answer could not be verified, so you have not been signed in. Please try again, or sign in with your email.",
    },
    busy: {
      title: "Too Many Attempts",
      text: "There have been too many sign-ins from your network. Please wait a while and try again, or sign in with your email.",
    },
    unavailable: {
      title: "Microsoft Sign-In Is Not Available",
      text: "Signing in with this provider is not offered here. Please sign in with your email.",
    },
    disabled: {
      title: "This Account Is Disabled",
      text: "The account of this Microsoft login has been disabled, so it cannot sign in. Please contact support.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirm Your Email First",
      text: "Microsoft has not confirmed that this Microsoft account owns its email address, so it cannot be linked to your account yet. Sign in with your email first, then choose Continue with Microsoft again in this browser to link it.",
    },
  },
} as const;
