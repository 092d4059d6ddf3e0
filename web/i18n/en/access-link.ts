import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings = {
  ...shared,
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
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "Sign In on Your Other Device?",
    approveWhat: (device: string, network: string, when: string) => `${device}, near ${network}, asked to sign in ${when}.`,
    approveForDesktopApp: (brand: string) => `It is for the ${brand} desktop app.`,
    approveForWebApp: (brand: string) => `It is for ${brand} on the web.`,
    approveForSite: (brand: string, host: string) => `It is for ${brand} at ${host}.`,
    approveNotYou: "If you did not just ask for this on another device, do nothing.",
    approveDigitsLabel: "The two digits that device shows",
    approveDigitsIncomplete: "Type the two digits that device shows.",
    approveSubmit: "Sign In on That Device",
    thisDeviceInstead: "Sign in on this device instead",
    /** A browser the server could not name, at the start of a sentence. */
    unknownBrowser: "A browser",
    /** A browser the server could not name, inside a sentence: "signed in on an unknown browser". */
    unknownBrowserInSentence: "an unknown browser",
    browserOn: (browser: string, system: string) => `${browser} on ${system}`,
    approvedTitle: "Done",
    approved: (device: string) => `Done. You are signed in on ${device}.`,
    approvedHere: "This device is not signed in.",
  },
} as const;
