import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Logging you in to ${brand}`,
    hint: "The software should open in a moment, you can safely close this window",
    /** Said in place of the hint where the page cannot go on alone: what to do next. */
    nextStep: {
      permission: (brand: string) => `Find ${brand} on this computer, then choose Allow when your browser asks.`,
      denied: "Allow this site to reach your local network, then reload this page.",
      notFound: (brand: string) => `Install or open ${brand} on this computer, then try again.`,
      checkFailed: (brand: string) => `Open ${brand} on this computer, then try again.`,
    },
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
} as const;
