/**
 * Every string a customer reads, in English, spelled exactly as SPEC.md spells it. A second
 * language is a second file with the same keys.
 */
export const en = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  loading: {
    text: "Software Is Loading...",
  },
  login: {
    title: "Customer Login",
    continueWithGoogle: "Continue with Google",
    or: "Or",
    emailLabelWithSocial: "Use another email",
    emailLabel: "Enter your email",
    continue: "Continue",
    accountNotFound: "Account Not Found",
    accountNotFoundText: (email: string) => `We could not find an account for ${email}.`,
    tryAnotherEmail: "Try Another Email",
    captchaFailed: "Login failed",
    unexpectedError: "Something went wrong. Please try again in a moment.",
  },
  checkEmail: {
    title: "Check Your Email",
    sent: "We sent a personal access link to",
    expires: (lifetime: string) => `The link expires in ${lifetime}.`,
    spam: "If you don't see the email, check your Spam or Junk folder.",
    useAnotherEmail: "Use another email",
  },
  validation: {
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email address",
  },
  accessLink: {
    title: (brand: string) => `Sign In to ${brand}`,
    text: "You opened your personal access link. Press the button to finish signing in.",
    signIn: "Sign In",
    signingIn: "Signing you in...",
    usedTitle: "This Link Has Already Been Used",
    usedText: "Each access link signs you in once. Ask for a new link and we will email it to you.",
    expiredTitle: "This Link Has Expired",
    expiredText: "For your security, access links expire. Ask for a new link and we will email it to you.",
    unknownTitle: "This Link Is Not Valid",
    unknownText: "The link may be incomplete: some email programs break long links. Ask for a new link and we will email it to you.",
    newLink: "Send Me a New Link",
  },
  autoLogin: {
    title: (brand: string) => `Logging you in to ${brand}`,
    hint: "The software should open in a moment, you can safely close this window",
  },
} as const;

export type Strings = typeof en;
