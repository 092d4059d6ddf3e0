import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Beim nächsten Mal schneller anmelden": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "Beim nächsten Mal schneller anmelden",
    text: "Melden Sie sich beim nächsten Mal mit Fingerabdruck, Gesichtserkennung oder Displaysperre an, statt auf eine E-Mail zu warten. Ein Passkey bleibt auf Ihrem Gerät und funktioniert nur auf unseren Websites.",
    create: "Passkey verwenden",
    notNow: "Jetzt nicht",
    continuing: "Sie werden angemeldet",
  },
};
