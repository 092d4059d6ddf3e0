import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/goodbye.ts";
import { strings as shared } from "./shared.ts";

/** The DS One goodbye screen. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  goodbye: {
    title: "Ci dispiace vederti andare via",
    uninstalled: (brand: string) => `${brand} è stato disinstallato dal tuo computer.`,
    reinstall: "Fai clic qui per reinstallarlo",
  },
};
