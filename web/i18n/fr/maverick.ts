import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Chargement de Maverick Safe",
  },
  maverickGoodbye: {
    title: "Nous regrettons de vous voir partir",
    uninstalled: "Maverick Safe a été désinstallé de votre navigateur.",
    tryAgain: "Vous avez changé d'avis ? Nous serions ravis que vous donniez une nouvelle chance à Maverick Safe.",
    download: "Télécharger à nouveau Maverick Safe",
    removeExtension: "Comment supprimer l'extension du navigateur",
    removeExtensionText:
      "Si l'extension Maverick Safe est toujours dans votre navigateur, ces instructions vous expliquent comment la supprimer.",
  },
};
