import { durations, passwordRules } from "../../../common/i18n/en.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "Forgot Your Password",
    text: "Enter the email of your account and we will send you a link to set a new password.",
    sendEmail: "Send Email",
    failed: "An error occurred while sending the request.",
  },
  forgotPasswordConfirmation: {
    title: "Password Reset Email Sent",
    /** The reset link's lifetime in words (`duration`): "Email link expires in 1 hour". */
    expires: (time: string) => `Email link expires in ${time}`,
    check: "Check your Inbox and click the link to set a new password.",
    backToLogin: "Back to Login",
  },
  resetPassword: {
    title: "Set New Password",
    save: "Save Password",
    checking: "Checking your link...",
    usedTitle: "This Link Has Already Been Used",
    usedText: "Each password reset link works once. Ask for a new one and we will email it to you.",
    expiredTitle: "This Link Has Expired",
    expiredText: "For your security, password reset links expire. Ask for a new one and we will email it to you.",
    unknownTitle: "This Link Is Not Valid",
    unknownText: "The link may be incomplete: some email programs break long links. Ask for a new one and we will email it to you.",
    newLink: "Send Me a New Link",
    /** The passkeys the reset can remove too (docs/decisions/0065); recent ones come ticked. */
    removePasskeys: {
      legend: "Also remove these passkeys",
      hint: "Passkeys added in the last 30 days are ticked: if someone else was signed in, they may have added one.",
      passkey: (name: string, added: string) => `${name}, added ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "Your New Password Has Been Reset!",
    text: "Your new password has been saved. Use it the next time you log in.",
    login: "Login",
  },
  setPassword: {
    title: "Set Password",
    text: "You don't have a password. For your security please enter one.",
    save: "Save Password",
    serverError: "An error occurred. Please try again.",
  },
  setPasswordConfirmation: {
    title: "Your New Password Has Been Set!",
    before: "We have saved your ",
    after: " password. Please use the new password you entered to log into the application.",
    login: "Login",
  },
} as const;
