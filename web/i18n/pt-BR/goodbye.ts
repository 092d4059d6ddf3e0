import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/goodbye.ts";
import { strings as shared } from "./shared.ts";

/** The DS One goodbye screen. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  goodbye: {
    title: "Que pena ver você partir",
    uninstalled: (brand: string) => `O ${brand} foi desinstalado do seu computador.`,
    reinstall: "Clique aqui para reinstalar",
  },
};
