import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8), in Italian. */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "Indirizzo email o password non validi",
    loginFailed: "Si è verificato un errore durante l'accesso",
    setPasswordFailed: "Si è verificato un errore durante l'impostazione della password",
    fetchUserEmpty: "Si è verificato un errore durante il recupero dei dati dell'utente connesso",
    requestFailed: "Si è verificato un errore durante l'invio della richiesta.",
  },
};
