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
      "Für die Anmeldung mit Passwort, mit Google oder mit Microsoft wird JavaScript benötigt. Der Link per E-Mail funktioniert auch ohne.",
    title: "Bitte aktivieren Sie JavaScript",
    text: "Diese Seite benötigt JavaScript. Aktivieren Sie es in den Einstellungen Ihres Browsers und laden Sie die Seite dann neu.",
    emailInstead: "Oder melden Sie sich mit einem Link per E-Mail an, der auch ohne JavaScript funktioniert.",
    signInByEmail: "Mit Link per E-Mail anmelden",
    checkEmailText: "Öffnen Sie den Link in der E-Mail, um die Anmeldung abzuschließen.",
  },
};
