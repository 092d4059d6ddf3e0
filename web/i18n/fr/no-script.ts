import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/no-script.ts";
import { strings as accessLink } from "./access-link.ts";

/**
 * What a browser without JavaScript is shown (web/no-script/): the emailed link works without it,
 * everything else says what needs it. Rendered on the server only, never part of the app's chunks.
 */
export const strings: Catalogue<typeof english> = {
  ...accessLink,
  noScript: {
    loginHint:
      "La connexion avec un mot de passe, avec Google ou avec Microsoft nécessite JavaScript. Le lien envoyé par e-mail fonctionne sans.",
    title: "Veuillez activer JavaScript",
    text: "Cette page nécessite JavaScript. Activez-le dans les paramètres de votre navigateur, puis actualisez la page.",
    emailInstead: "Vous pouvez aussi vous connecter avec un lien envoyé par e-mail, qui fonctionne sans JavaScript.",
    signInByEmail: "Se connecter avec un lien par e-mail",
    checkEmailText: "Ouvrez le lien figurant dans l'e-mail pour terminer la connexion.",
  },
};
