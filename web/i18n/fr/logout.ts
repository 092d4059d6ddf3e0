import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "Déconnexion en cours",
    failedTitle: "Nous n'avons pas pu vous déconnecter",
    failedText:
      "Votre session n'a pas pu être fermée : le serveur n'a pas répondu. Votre session est toujours ouverte sur ce navigateur. Vérifiez votre connexion Internet et réessayez.",
    tryAgain: "Réessayer",
    leaveSignedIn: (brand: string) => `Accéder à ${brand} sans vous déconnecter`,
  },
};
