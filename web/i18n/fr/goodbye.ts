import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/goodbye.ts";
import { strings as shared } from "./shared.ts";

/** The DS One goodbye screen. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  goodbye: {
    title: "Nous regrettons de vous voir partir",
    uninstalled: (brand: string) => `${brand} a été désinstallé de votre ordinateur.`,
    reinstall: "Cliquez ici pour le réinstaller",
  },
};
