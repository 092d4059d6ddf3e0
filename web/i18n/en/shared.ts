import { plural } from "../../../common/i18n/catalogue.ts";

/**
 * Every string a customer reads, in English, spelled exactly as SPEC.md spells it. A second
 * language is a second folder with the same files and keys.
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in en/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
export const strings = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Dark" or "Light", for the toggle's name: "Switch to the Dark theme". */
    switchToBefore: "Switch to the ",
    switchToAfter: " theme",
    dark: "Dark",
    light: "Light",
  },
  loading: {
    text: "Software Is Loading...",
    /** Read while a screen's code is on its way. */
    screen: "Loading...",
  },
  login: {
    title: "Customer Login",
    continueWithGoogle: "Continue with Google",
    continueWithMicrosoft: "Continue with Microsoft",
    or: "Or",
    emailLabelWithSocial: "Use another email",
    emailLabel: "Enter your email",
    continue: "Continue",
    accountNotFound: "Account Not Found",
    accountNotFoundText: (email: string) => `We could not find an account for ${email}.`,
    tryAnotherEmail: "Try Another Email",
    createAccount: "Create Your Account",
    captchaFailed: "Login failed",
    unexpectedError: "Something went wrong. Please try again in a moment.",
    passkey: "Sign in with a passkey",
    passkeyUnavailable: "This browser can't use a passkey on this page. Continue with your email instead.",
  },
  checkEmail: {
    title: "Check Your Email",
    /** Around the address, which is shown in bold: "We sent a personal access link to <b>you@…</b>." */
    sent: "We sent a personal access link to",
    sentAfter: ".",
    /** The link's lifetime as SPEC section 9 says it: "1 Day", "2 Days". */
    expires: (days: number) => `The link expires in ${plural("en", days, { one: "# Day", other: "# Days" })}.`,
    spam: "If you don't see the email, check your Spam or Junk folder.",
    /** While the receiving server keeps our mail waiting (it deferred it): one line, the rest stays. */
    slow: "This is taking longer than usual. We are still trying to deliver the email.",
    useAnotherEmail: "Use another email",
    resend: "Resend",
    resendIn: (seconds: number) => `Resend in ${seconds} s`,
    resent: "We sent another link.",
    codeLabel: "Reading the email on another device? Type its 6-digit code",
    codeSubmit: "Sign In",
    codeIncomplete: "Type the 6 digits from the email",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "Opening the link on your phone? Type this number there to sign in here:",
    approvalRefused: "A wrong number was typed on your other device, so nobody was signed in. Send a new link.",
    approvalUsedElsewhere: "The link was used on another device.",
  },
  validation: {
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Password is required",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Invalid email address",
  },
  fields: {
    email: "Email",
    password: "Password",
    newPassword: "New Password",
    confirmPassword: "Confirm Password",
    show: "Show",
    hide: "Hide",
    /** The show/hide button's name, with the field's label: "Show password". */
    showField: (label: string) => `Show ${label.toLowerCase()}`,
    hideField: (label: string) => `Hide ${label.toLowerCase()}`,
    close: "Close",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Legal",
    privacy: "Privacy Policy",
    eula: "EULA",
    terms: "Terms and Conditions",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Language",
  },
  failure: {
    title: "Something Went Wrong",
    text: "This page could not be shown. Please try again.",
    retry: "Try Again",
  },
} as const;
