import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Sign In Faster Next Time": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "La prossima volta accedi più velocemente",
    text: "La prossima volta accedi con l'impronta digitale, il volto o il blocco schermo, senza aspettare un'email. Una passkey resta sul tuo dispositivo e funziona solo sui nostri siti.",
    create: "Usa una passkey",
    notNow: "Non ora",
    continuing: "Accesso in corso",
  },
};
