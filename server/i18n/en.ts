import { plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/en.ts";

/**
 * Everything the server itself says to a customer, in English: the mails, the messages of refused
 * requests (the app shows them), and the OpenID Provider's own pages. Each other language is a
 * file beside this one with the same keys (server/i18n/index.ts). The app's screens have their own
 * catalogues in web/i18n/.
 */
export const strings = {
  /** Durations as a sentence says them: "1 hour", "2 days". */
  units: {
    ...durations,
    /** The access link's lifetime as the login screen says it (SPEC section 9): "1 Day", "2 Days". */
    linkDays: (count: number) => plural("en", count, { one: "# Day", other: "# Days" }),
  },
  /** What a new password breaks (common/i18n), for the answer to a refused one. */
  passwordRules,
  mail: {
    /** A browser and its system, as the new-sign-in mail names them: "Chrome on Windows". */
    browserOn: (browser: string, system: string) => `${browser} on ${system}`,
    /** A browser the server could not name, at the start of a sentence. */
    unknownBrowser: "An unknown browser",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "If the button does not work, open this address in your browser:",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `The link expires in ${lifetime}. It can be used once.`,
    /** Before the address in the text part: "Sign in: https://…". */
    signInLine: "Sign in",
    signInTo: (brand: string) => `Sign in to ${brand}`,
    ifThisWasYou: "If this was you, there is nothing more to do.",
    ifItWasNotYou: "If it was not you, reset your password at once with Forgot your password? on the sign-in page, and contact support.",
    accessLink: {
      subject: (brand: string) => `Your ${brand} sign-in link`,
      intro: (brand: string) => `Here is your personal access link to sign in to ${brand}.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `Reading this on another device? On the computer where you asked for this email, type this code instead (it works for ${lifetime}):`,
      footer: "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link or code.",
      /** A link our support team sent, which has no code. */
      footerFromSupport: "If you did not ask our support team for a link, you can ignore this email: nobody can sign in without it.",
    },
    passwordReset: {
      subject: (brand: string) => `Reset your ${brand} password`,
      intro: (brand: string) => `We received a request to reset the password of your ${brand} account.`,
      action: "Set a new password",
      footer: "If you did not ask for this, you can ignore this email: your password stays as it is.",
    },
    passwordChanged: {
      subject: (brand: string) => `Your ${brand} password was changed`,
      intro: (brand: string) => `The password of your ${brand} account was just changed, and every other sign-in was ended.`,
    },
    passwordSet: {
      subject: (brand: string) => `A password was set for your ${brand} account`,
      intro: (brand: string) =>
        `A password was just set for your ${brand} account: it now signs in with the password as well as with an emailed link.`,
    },
    newSignIn: {
      subject: (brand: string) => `New sign-in to your ${brand} account`,
      intro: (brand: string) => `Your ${brand} account was just signed in to from a browser it had not been used in before.`,
      /** "Chrome on Windows, near 203.0.113.0, on 25 Nov 2026, 19:30 UTC.": the network, as the account page says it. */
      details: (browser: string, network: string, when: string) => `${browser}, near ${network}, on ${when}.`,
      advice: "If this was you, there is nothing to do.",
      accountLine: "Your account",
      action: "Review your account",
      /** The mail's button: the page it opens signs that browser out, once pressed (docs/decisions/0067). */
      notMe: "This wasn't me",
      footer:
        "If it was not you, press This wasn't me: it signs that browser out of your account and every app it signed in to, and removes any passkey it added.",
    },
    confirmationCode: {
      subject: (brand: string) => `Your ${brand} confirmation code`,
      intro: (brand: string) => `Use this code to confirm it's you on your ${brand} account page.`,
      /** Before the six digits: "The code works for 10 minutes, in the browser that asked for it:". */
      code: (lifetime: string) => `The code works for ${lifetime}, in the browser that asked for it:`,
      footer:
        "If you did not ask for this code, someone may be signed in to your account: sign out everywhere on your account page, and reset your password if you have one.",
    },
    passkeyAdded: {
      subject: (brand: string) => `A passkey was added to your ${brand} account`,
      intro: (brand: string) => `A passkey was added to your ${brand} account. It signs in with no email and no password.`,
      /** "Chrome on Windows, near 203.0.113.0, on 25 Nov 2026, 19:30 UTC.": the network, as the account page says it. */
      details: (browser: string, network: string, when: string) => `${browser}, near ${network}, on ${when}.`,
      /** Where the passkey lives, when its AAGUID names a provider ("Google Password Manager"). */
      kept: (provider: string) => `It is saved in ${provider}.`,
      advice: "If this was you, there is nothing to do.",
      action: "Remove this passkey",
      footer:
        "If it was not you, remove it now: that also signs out the browser that added it. Then sign out everywhere on your account page.",
    },
    accountDeletion: {
      subject: (brand: string) => `Confirm deleting your ${brand} account`,
      intro: (brand: string) => `We received a request to delete your ${brand} account.`,
      what: "Deleting it signs you out of every browser and app, and deletes your linked logins (such as Google), your computers and their settings, your licenses and all personal data we hold about you. A deleted account cannot be restored.",
      action: "Delete my account",
      footer: "If you did not ask for this, you can ignore this email: your account stays as it is.",
    },
    accountDeleted: {
      subject: (brand: string) => `Your ${brand} account is deleted`,
      intro: (brand: string) => `Your ${brand} account is deleted.`,
      what: "Every sign-in has ended, and your linked logins, computers and their settings, licenses and all personal data we held about you are deleted. A deleted account cannot be restored.",
      footer: (brand: string) => `This is the last email about this account. If you did not ask for this, contact ${brand} support.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `Google was unlinked from your ${brand} account`,
      intro: (brand: string) =>
        `Signing in with Google was removed from your ${brand} account: that Google account no longer signs in to it.`,
      footer:
        "If you did not do this, sign in with an emailed link and review your account: sign out everywhere, and change your password if you have one.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `Microsoft was unlinked from your ${brand} account`,
      intro: (brand: string) =>
        `Signing in with Microsoft was removed from your ${brand} account: that Microsoft account no longer signs in to it.`,
      footer:
        "If you did not do this, sign in with an emailed link and review your account: sign out everywhere, and change your password if you have one.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `Signing in with Google to your ${brand} account is paused`,
      intro: (brand: string) =>
        `Google told us that someone else may have taken over the Google account you sign in to ${brand} with. To protect your ${brand} account, we signed it out of every browser and app, and paused signing in with Google.`,
      footer:
        "Sign in with your password or a passkey to use Google again, or contact our support team. Before that, secure your Google account with Google. A password or passkey added in the month before Google told us does not count.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Confirm your new ${brand} email`,
      intro: (brand: string, email: string) => `Confirm ${email} as the new email of your ${brand} account.`,
      what: "Until you confirm, nothing changes: the account keeps its current email.",
      action: "Confirm new email",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) => `Or type this code on the account page, in the browser that asked, within ${lifetime}:`,
      footer: "If you did not ask for this, ignore this email: nothing changes unless this address confirms.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Someone asked to change the email of your ${brand} account`,
      intro: (brand: string, masked: string) => `Someone asked to change the email of your ${brand} account to ${masked}.`,
      what: "Nothing changes unless the new address confirms. If this was you, there is nothing to do.",
      action: "This wasn't me",
      footer:
        "If it was not you, press This wasn't me: it cancels the change and signs out the browser that asked for it. Then sign out everywhere on your account page.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Someone tried to use this email for a ${brand} account`,
      intro: (brand: string) =>
        `Someone asked to change the email of a ${brand} account to this address, but this address already has a ${brand} account.`,
      what: "Nothing was changed. If it was you, sign in with this address instead; an address can belong to one account only.",
      footer: "If it was not you, you can ignore this email.",
    },
    /** To an address no account uses, asked for a sign-in link (HIDE_ACCOUNT_EXISTENCE, decision 94): nothing to sign in to. */
    noAccount: {
      subject: (brand: string) => `No ${brand} account uses this email`,
      intro: (brand: string) =>
        `Someone, maybe you, asked to sign in to ${brand} with this email address, but no ${brand} account uses this address.`,
      what: "If you meant to sign in, try the email address your account uses.",
      create: "To create an account with this address instead:",
      action: "Create Your Account",
      footer: "If it was not you, you can ignore this email: nothing was created or changed.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Your ${brand} email was changed`,
      intro: (brand: string, masked: string) => `The email of your ${brand} account was changed to ${masked}.`,
      what: (lifetime: string) =>
        `If you did not do this, undo it within ${lifetime}: your email comes back to this address, every browser and app is signed out, and passkeys added since are removed.`,
      action: "Undo this change",
      footer: "If this was you, there is nothing to do.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Your ${brand} email was changed back`,
      intro: (brand: string, masked: string) =>
        `The email of your ${brand} account was changed back to ${masked} with the undo link mailed to that address, and every browser and app was signed out.`,
      what: "If you did not expect this, tell us with the button below: our support team will look into it. Pressing it changes nothing on your account and signs nobody in.",
      action: "This wasn't me",
      footer: "If you know why it was changed back, there is nothing to do.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "The request could not be read.",
    UNSUPPORTED_MEDIA_TYPE: "Send this request as JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "The request is too large.",
    CROSS_SITE_REQUEST: "This request came from another site and was refused.",
    NOT_FOUND: "There is nothing at this address.",
    RATE_LIMITED: "Too many attempts. Please try again later.",
    /** A limit reached, with how long until it opens again (`RATE_LIMITED`, other languages than English). */
    RATE_LIMITED_WAIT: (minutes: number) => `Too many attempts. Please wait ${durations.minutes(minutes)} and try again.`,
    LINK_UNKNOWN: "This sign-in link is not valid. Please ask for a new one.",
    LINK_USED: "This sign-in link has already been used. Please ask for a new one.",
    LINK_EXPIRED: "This sign-in link has expired. Please ask for a new one.",
    CODE_UNKNOWN:
      "There is no code waiting for this browser. Type the code on the computer where you asked for the email, or ask for a new one.",
    CODE_WRONG: "That code is not right.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) => `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
    CODE_EXPIRED: "This code has expired. Please ask for a new email.",
    CODE_SPENT: "This code can no longer be used. Please ask for a new email.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "That code is not right, and it can no longer be used. Please ask for a new email.",
    CAPTCHA_FAILED: "Login failed",
    CAPTCHA_NOT_CONFIGURED: "No captcha provider is configured on this server.",
    CHALLENGE_REQUIRED: "Please confirm you're a person to continue.",
    CHALLENGE_FAILED: "That check did not go through. Please try it again.",
    CHALLENGE_UNAVAILABLE: "We can't check that you're a person right now. Please try again in a minute, or sign in another way.",
    INVALID_CREDENTIALS: "Email Address or Password is invalid",
    PASSWORD_LOGIN_DISABLED: "Signing in with a password is turned off. Please sign in with your email.",
    NOT_SIGNED_IN: "Please sign in first.",
    ADMIN_ONLY: "This page is for administrators. Sign in with an administrator's account.",
    STAFF_ONLY: "The support console is for the support team. Sign in with a support or administrator's account.",
    ADMIN_ACTION_ONLY: "Only an administrator can do this.",
    OWN_ACCOUNT: "You cannot act on your own account from the support console. Ask another member of the team.",
    ACCOUNT_DISABLED: "This account is disabled, so it cannot sign in. Please contact support.",
    PASSWORD_INVALID: "The new password does not meet the rules.",
    PASSWORD_BREACHED:
      "This password is on a list of passwords leaked from other sites, so it can no longer sign you in. We emailed you a sign-in link: open it, then choose a new password.",
    PASSWORD_ALREADY_SET: "This account already has a password. To change it, use Forgot your password?",
    CURRENT_PASSWORD_MISSING: "Enter your current password.",
    CURRENT_PASSWORD_WRONG: "Your current password is incorrect.",
    GOOGLE_ONLY_WAY_IN: "Google is how you sign in besides the emailed link. Set a password first, then unlink Google.",
    MICROSOFT_ONLY_WAY_IN: "Microsoft is how you sign in besides the emailed link. Set a password first, then unlink Microsoft.",
    RESET_LINK_UNKNOWN: "This password reset link is not valid. Please ask for a new one.",
    RESET_LINK_USED: "This password reset link has already been used. Please ask for a new one.",
    RESET_LINK_EXPIRED: "This password reset link has expired. Please ask for a new one.",
    DELETION_LINK_UNKNOWN: "This account deletion link is not valid, or the account is already deleted.",
    DELETION_LINK_USED: "This account deletion link has already been used.",
    DELETION_LINK_EXPIRED: "This account deletion link has expired. Ask for a new one from your account page.",
    PASSKEY_UNKNOWN: "This passkey is not registered with us, or it was removed. Sign in with your email, then add a passkey again.",
    PASSKEY_REFUSED: "This passkey could not be verified. Please try again, or sign in with your email.",
    PASSKEY_EXPIRED: "This passkey request has expired or was already used. Please try again.",
    RECENT_SIGN_IN_REQUIRED: "For your security, please confirm it's you first.",
    PASSWORD_SET_IN_THIS_SESSION: "A password set since you signed in here cannot confirm it's you. Email yourself a code instead.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "For your security, please sign in again, then set your password.",
    NOT_ME_LINK_UNKNOWN: "This link is not valid. Open it again from the email.",
    NOT_ME_LINK_USED: "This browser has already been signed out with this link.",
    NOT_ME_LINK_EXPIRED: "This link has expired. You can still sign any browser out on your account page.",
    SAME_EMAIL: "This is already your email address.",
    APPROVAL_UNAVAILABLE: "This sign-in can no longer be approved from here. Sign in on this device instead, or ask for a new link.",
    APPROVAL_SAME_BROWSER: "This is the browser that asked for the link: sign in here with the button.",
    EMAIL_UNDELIVERABLE:
      "Our email to this address could not be delivered, so we did not send another. Use another email, or sign in another way.",
    APPROVAL_WRONG_NUMBER: "That number did not match, so nobody was signed in. Ask for a new link on your other device.",
    EMAIL_CHANGE_LINK_UNKNOWN: "This link is not valid, or its account no longer exists. Open it again from the email.",
    EMAIL_CHANGE_LINK_USED: "This email change has already been confirmed.",
    EMAIL_CHANGE_LINK_EXPIRED: "This link has expired. Ask for the change again on your account page.",
    EMAIL_CHANGE_CANCELLED: "This email change was cancelled. Nothing was changed.",
    EMAIL_CHANGE_REPLACED: "A newer request replaced this one. Use the link in the latest email.",
    EMAIL_CHANGE_UNDONE: "This email change was undone from the old address.",
    EMAIL_CHANGE_SUPERSEDED: "An earlier email change was undone, so this link no longer works.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "This change has already been cancelled.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "This link has expired, and the change it was about can no longer be confirmed.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "The new address has already confirmed this change. Use the undo link in the email Your email was changed, sent to this address.",
    EMAIL_UNDO_LINK_USED: "This change has already been undone.",
    EMAIL_UNDO_LINK_EXPIRED: "This undo link has expired. Contact support to get your account back.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "You have already told us about this change. Our support team has it.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED: "This link has expired. If the change back was not yours, contact support.",
    EMAIL_TAKEN_NOW: "This address now belongs to another account, so the change cannot be made.",
    OLD_EMAIL_TAKEN: "Your old address now belongs to another account, so it cannot be restored. Contact support.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "This link is not valid, or the passkey was already removed.",
    PASSKEY_REMOVAL_LINK_USED: "This passkey has already been removed.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "This link has expired. You can still remove the passkey on your account page.",
    DEVICE_NOT_FOUND: "This device is not linked to your account.",
    BUSY: "We are busy right now. Please try again in a moment.",
    INTERNAL: "Something went wrong on our side. Please try again in a moment.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Sign in",
    signInErrorTitle: "Sign-in error",
    signInErrorHeading: "We could not complete this sign-in",
    signInErrorRetry: "Return to the app and try again.",
    signInExpiredTitle: "Sign-in expired",
    signInExpiredHeading: "This sign-in has expired",
    signInExpiredText: "Return to the app and sign in again.",
    loggingOut: "Logging You Out Now",
    logoutQuestion: "Do you want to log out?",
    logOut: "Log out",
  },
} as const;
