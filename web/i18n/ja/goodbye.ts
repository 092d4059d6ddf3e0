import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/goodbye.ts";
import { strings as shared } from "./shared.ts";

/** The DS One goodbye screen. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  goodbye: {
    title: "ご利用ありがとうございました",
    uninstalled: (brand: string) => `お使いのパソコンから${brand}がアンインストールされました。`,
    reinstall: "再インストールはこちら",
  },
};
