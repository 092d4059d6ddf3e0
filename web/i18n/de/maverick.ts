import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Maverick Safe wird geladen",
  },
  maverickGoodbye: {
    title: "Schade, dass Sie gehen",
    uninstalled: "Maverick Safe wurde aus Ihrem Browser entfernt.",
    tryAgain: "Haben Sie es sich anders überlegt? Wir würden uns freuen, wenn Sie Maverick Safe noch eine Chance geben.",
    download: "Maverick Safe erneut herunterladen",
    removeExtension: "So entfernen Sie die Browsererweiterung",
    removeExtensionText:
      "Falls die Erweiterung Maverick Safe noch in Ihrem Browser installiert ist, erfahren Sie in dieser Anleitung, wie Sie sie entfernen.",
  },
};
