/**
 * Every string a customer reads, in English, spelled exactly as SPEC.md spells it. A second
 * language is a second file with the same keys.
 */
export const en = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    switchTo: (mode: "light" | "dark") => `Switch to the ${mode} theme`,
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
    backToLogin: "Back to Login",
  },
  checkEmail: {
    title: "Check Your Email",
    sent: "We sent a personal access link to",
    expires: (lifetime: string) => `The link expires in ${lifetime}.`,
    spam: "If you don't see the email, check your Spam or Junk folder.",
    useAnotherEmail: "Use another email",
    resend: "Resend",
    resendIn: (seconds: number) => `Resend in ${seconds} s`,
    resent: "We sent another link.",
    codeLabel: "Reading the email on another device? Type its 6-digit code",
    codeSubmit: "Sign In",
    codeIncomplete: "Type the 6 digits from the email",
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
  fields: {
    email: "Email",
    password: "Password",
    newPassword: "New Password",
    confirmPassword: "Confirm Password",
    show: "Show",
    hide: "Hide",
    close: "Close",
  },
  passwordLogin: {
    title: "Login To Your Account",
    text: "Please enter your email and password credentials.",
    forgot: "Forgot your password?",
    login: "Login",
    createAccount: "Create Account",
    passwordRequired: "Password is required",
  },
  forgotPassword: {
    title: "Forgot Your Password",
    text: "Enter the email of your account and we will send you a link to set a new password.",
    sendEmail: "Send Email",
    emailInvalid: "Invalid email address",
    failed: "An error occurred while sending the request.",
  },
  forgotPasswordConfirmation: {
    title: "Password Reset Email Sent",
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
  signUp: {
    title: "Sign Up Today!",
    message: "Create an account to get started with our services.",
    createAccount: "Create Your Account",
    hideNotifications: "I don't want to see this or any future notifications",
    logIn: "Click here to log in",
    uninstall: "Uninstall Instructions",
    loading: "Loading...",
    settingFailed: (statusText: string) => `Unable to update settings: ${statusText}`,
    thisBrowserOnly: "Without the software's device ID, this setting applies to this browser only.",
  },
  maverickLogin: {
    loading: "Loading Maverick Safe",
  },
  maverickPasswordLogin: {
    title: "Login",
    continue: "Continue",
    emailLink: "Email me a sign-in link",
  },
  maverickGoodbye: {
    title: "We're Sorry To See You Go",
    uninstalled: "Maverick Safe has been uninstalled from your browser.",
    tryAgain: "Changed your mind? We would love you to give Maverick Safe another try.",
    download: "Download Maverick Safe again",
    removeExtension: "How to remove the browser extension",
    removeExtensionText: "If the Maverick Safe extension is still in your browser, these instructions show how to remove it.",
  },
  agent: {
    looking: (brand: string) => `Looking for ${brand} on this computer...`,
    permissionWhy: (brand: string) =>
      `To open ${brand}, this page needs to reach the software on this computer. Your browser will ask whether to allow this site to access devices on your local network: choose Allow.`,
    findButton: (brand: string) => `Find ${brand} on this computer`,
    denied: (brand: string) =>
      `Your browser blocked this page from reaching ${brand} on this computer. Allow this site to access your local network in the browser's site settings, then reload this page, or open ${brand} from your computer.`,
    notFound: (brand: string) =>
      `We could not find ${brand} on this computer. If it is not installed, download it below; if it is, open it from your computer.`,
    download: (brand: string) => `Download ${brand}`,
    badUuid:
      "This page was opened without a valid device ID, so it cannot reach the software on this computer. Please open it again from the software.",
    checkFailed: (brand: string) => `${brand} was found but did not answer. Please open it from your computer.`,
    asked: (brand: string) => `${brand} should now be open on this computer.`,
    openAgain: "Open It Again",
    tryAgain: "Try Again",
    signInInstead: "Sign In With Your Email",
  },
  logout: {
    text: "Logging You Out Now",
    failedTitle: "We Could Not Log You Out",
    failedText:
      "Your sign-in could not be ended: the server did not answer. You are still signed in on this browser. Check your connection and try again.",
    tryAgain: "Try Again",
    leaveSignedIn: (brand: string) => `Go to ${brand} without logging out`,
  },
  goodbye: {
    title: "We're Sorry To See You Go",
    uninstalled: (brand: string) => `${brand} has been uninstalled from your computer.`,
    reinstall: "Click here to re-install",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Legal",
    privacy: "Privacy Policy",
    eula: "EULA",
    terms: "Terms and Conditions",
  },
  failure: {
    title: "Something went wrong",
    text: "This page could not be shown. Please try again.",
    retry: "Try Again",
  },
} as const;

export type Strings = typeof en;
