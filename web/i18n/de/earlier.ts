import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8), in German. */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "E-Mail-Adresse oder Passwort ist ungültig",
    loginFailed: "Bei der Anmeldung ist ein Fehler aufgetreten",
    setPasswordFailed: "Beim Festlegen des Passworts ist ein Fehler aufgetreten",
    fetchUserEmpty: "Beim Abrufen des angemeldeten Benutzers ist ein Fehler aufgetreten",
    requestFailed: "Beim Senden der Anfrage ist ein Fehler aufgetreten.",
  },
};
