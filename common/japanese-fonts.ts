/**
 * The faces Japanese is drawn in, in the order each system is reached (docs/screens.md,
 * "Japanese type"): macOS and iOS, then Windows, then Android and Linux. Latin letters keep the
 * brand's Segoe UI where a system has it; the kana and kanji fall through to the first Japanese
 * face the system has. Without one named here, a browser picks whatever covers the characters,
 * often a Chinese face whose kanji are drawn the Chinese way, or none at all.
 *
 * web/styles.css and server/site/plain.css write the same stack (test/japanese-fonts.test.ts holds
 * them to it); the mails take it from here.
 */
export const JAPANESE_FACES = [
  "Hiragino Sans",
  "Hiragino Kaku Gothic ProN",
  "Yu Gothic UI",
  "Yu Gothic",
  "Meiryo",
  "Noto Sans CJK JP",
  "Noto Sans JP",
] as const;

/** The Latin face every language starts with, and what stands in where a system has neither. */
const LATIN_FIRST = "Segoe UI";

/**
 * The Japanese stack as a CSS font-family value; `quote` is `'` inside a double-quoted HTML
 * attribute (a mail's inline style), `"` in a stylesheet.
 */
export function japaneseFontFamily(quote: '"' | "'", fallback: readonly string[]): string {
  return [LATIN_FIRST, ...JAPANESE_FACES]
    .map((face) => `${quote}${face}${quote}`)
    .concat(fallback)
    .join(", ");
}
