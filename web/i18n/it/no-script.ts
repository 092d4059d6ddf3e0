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
    loginHint: "Per accedere con password, con Google o con Microsoft serve JavaScript. Il link inviato via email funziona anche senza.",
    title: "Attiva JavaScript",
    text: "Questa pagina ha bisogno di JavaScript. Attivalo nelle impostazioni del browser, poi ricarica la pagina.",
    emailInstead: "Oppure accedi con un link inviato via email, che funziona anche senza JavaScript.",
    signInByEmail: "Accedi con un link via email",
    checkEmailText: "Apri il link nell'email per completare l'accesso.",
  },
};
