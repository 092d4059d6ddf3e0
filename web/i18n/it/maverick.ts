import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Caricamento di Maverick Safe",
  },
  maverickGoodbye: {
    title: "Ci dispiace vederti andare via",
    uninstalled: "Maverick Safe è stato disinstallato dal tuo browser.",
    tryAgain: "Hai cambiato idea? Saremmo felici se dessi un'altra possibilità a Maverick Safe.",
    download: "Scarica di nuovo Maverick Safe",
    removeExtension: "Come rimuovere l'estensione del browser",
    removeExtensionText: "Se l'estensione Maverick Safe è ancora nel tuo browser, queste istruzioni spiegano come rimuoverla.",
  },
};
