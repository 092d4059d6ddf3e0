import { strings as accessLink } from "./access-link.ts";

/**
 * What a browser without JavaScript is shown (web/no-script/): the emailed link works without it,
 * everything else says what needs it. Rendered on the server only, never part of the app's chunks.
 */
export const strings = {
  ...accessLink,
  noScript: {
    loginHint: "Signing in with a password, with Google or with Microsoft needs JavaScript. The emailed link works without it.",
    title: "Please Turn On JavaScript",
    text: "This page needs JavaScript. Turn it on in your browser's settings, then reload the page.",
    emailInstead: "Or sign in with an emailed link, which works without JavaScript.",
    signInByEmail: "Sign In With an Emailed Link",
    checkEmailText: "Open the link in the email to finish signing in.",
  },
} as const;
