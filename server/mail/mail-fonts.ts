import { japaneseFontFamily } from "../../common/japanese-fonts.ts";
import type { Language } from "../../common/languages.ts";

/** The Latin faces a mail asks for after the brand's Segoe UI: what every mail program has. */
const LATIN_MAIL_FONTS = ["Helvetica", "Arial", "sans-serif"];

/**
 * A mail's font-family, for the inline style of its body: for Japanese, each system's Japanese
 * faces before the Latin ones (common/japanese-fonts.ts). Kept apart from the templates, which
 * hold no words of their own (test/catalogues.test.ts).
 */
export function mailFontFamily(language: Language): string {
  return language === "ja" ? japaneseFontFamily("'", LATIN_MAIL_FONTS) : `Segoe UI,${LATIN_MAIL_FONTS.join(",")}`;
}
