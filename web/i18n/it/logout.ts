import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "Disconnessione in corso",
    failedTitle: "Non è stato possibile disconnetterti",
    failedText:
      "Non è stato possibile uscire: il server non ha risposto. La sessione su questo browser è ancora attiva. Controlla la connessione e riprova.",
    tryAgain: "Riprova",
    leaveSignedIn: (brand: string) => `Vai a ${brand} senza disconnetterti`,
  },
};
