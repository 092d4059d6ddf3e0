import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Sign In Faster Next Time": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "Connectez-vous plus vite la prochaine fois",
    text: "La prochaine fois, connectez-vous avec votre empreinte digitale, votre visage ou le verrouillage de l'écran, sans attendre d'e-mail. Une clé d'accès reste sur votre appareil et ne fonctionne que sur nos sites.",
    create: "Utiliser une clé d'accès",
    notNow: "Pas maintenant",
    continuing: "Connexion en cours",
  },
};
