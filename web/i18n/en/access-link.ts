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
  },
} as const;
