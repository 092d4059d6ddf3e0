import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "Sie werden abgemeldet",
    failedTitle: "Abmeldung fehlgeschlagen",
    failedText:
      "Ihre Anmeldung konnte nicht beendet werden, weil der Server nicht geantwortet hat. Sie sind in diesem Browser weiterhin angemeldet. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",
    tryAgain: "Erneut versuchen",
    leaveSignedIn: (brand: string) => `Ohne Abmeldung weiter zu ${brand}`,
  },
};
