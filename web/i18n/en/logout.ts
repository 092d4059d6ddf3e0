import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  logout: {
    text: "Logging You Out Now",
    failedTitle: "We Could Not Log You Out",
    failedText:
      "Your sign-in could not be ended: the server did not answer. You are still signed in on this browser. Check your connection and try again.",
    tryAgain: "Try Again",
    leaveSignedIn: (brand: string) => `Go to ${brand} without logging out`,
  },
} as const;
