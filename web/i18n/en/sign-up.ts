import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  signUp: {
    title: "Sign Up Today!",
    message: "Create an account to get started with our services.",
    createAccount: shared.login.createAccount,
    hideNotifications: "I don't want to see this or any future notifications",
    logIn: "Click here to log in",
    uninstall: "Uninstall Instructions",
    loading: "Loading...",
    settingFailed: (statusText: string) => `Unable to update settings: ${statusText}`,
    thisBrowserOnly: "Without the software's device ID, this setting applies to this browser only.",
  },
} as const;
