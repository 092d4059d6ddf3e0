import { strings as shared } from "./shared.ts";

/** "Sign In Faster Next Time": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings = {
  ...shared,
  passkeyOffer: {
    title: "Sign In Faster Next Time",
    text: "Next time, sign in with your fingerprint, face or screen lock instead of waiting for an email. A passkey stays on your device and works only on our sites.",
    create: "Use a passkey",
    notNow: "Not now",
    continuing: "Signing you in",
  },
};
