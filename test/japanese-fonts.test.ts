import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRANDS } from "../common/brands/index.ts";
import { JAPANESE_FACES, japaneseFontFamily } from "../common/japanese-fonts.ts";
import { LANGUAGES } from "../common/languages.ts";
import { accessLinkMail, accountDeletedMail, mailLook, passwordChangedMail } from "../server/mail/templates.ts";

/**
 * Japanese reaches each system's own Japanese faces (docs/screens.md, "Japanese type"): the
 * stylesheets of the app and of the server's plain pages name them for a Japanese page, and a
 * Japanese mail names them on its body, while every other language keeps its look.
 */
const ROOT = join(import.meta.dirname, "..");
const WEB_FALLBACK = ["system-ui", "sans-serif"];
const ENGLISH_WEB_STACK = '"Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';
const ENGLISH_MAIL_STACK = "font-family:Segoe UI,Helvetica,Arial,sans-serif";

/** A rule's font-family in a stylesheet, on one line. */
function fontFamilyOf(stylesheet: string, selector: string): string | undefined {
  const start = stylesheet.indexOf(`${selector} {`);
  if (start < 0) return undefined;
  const block = stylesheet.slice(start, stylesheet.indexOf("}", start));
  return /font-family:\s*([^;]+);/.exec(block)?.[1]?.replace(/\s+/g, " ").trim();
}

describe("the Japanese font stack", () => {
  it("reaches Windows', macOS and iOS's, Android's and Linux's Japanese faces", () => {
    for (const face of [
      "Yu Gothic UI",
      "Yu Gothic",
      "Meiryo",
      "Hiragino Sans",
      "Hiragino Kaku Gothic ProN",
      "Noto Sans CJK JP",
      "Noto Sans JP",
    ])
      expect(JAPANESE_FACES).toContain(face);
  });

  it.each(["web/styles.css", "server/site/plain.css"])(
    "is %s's for a Japanese page, which leaves the default stack to the others",
    (path) => {
      const stylesheet = readFileSync(join(ROOT, path), "utf8");
      expect(fontFamilyOf(stylesheet, ":root:lang(ja)")).toBe(japaneseFontFamily('"', WEB_FALLBACK));
      expect(stylesheet).not.toMatch(/\[lang="ja"\]/);
    },
  );

  it("leaves the app's default stack as every other language has it", () => {
    expect(fontFamilyOf(readFileSync(join(ROOT, "web/styles.css"), "utf8"), "html")).toBe(ENGLISH_WEB_STACK);
  });

  it("is on a Japanese mail's body, in every brand; every other language's mail keeps its fonts", () => {
    for (const brand of BRANDS)
      for (const language of LANGUAGES) {
        const look = mailLook(brand, "https://accounts.example.com", language);
        for (const mail of [
          accessLinkMail(look, "https://accounts.example.com/dsone/access?token=t", 1),
          passwordChangedMail(look, "https://accounts.example.com/dsone/login"),
          accountDeletedMail(look),
        ]) {
          const body = /<body style="([^"]*)"/.exec(mail.html)?.[1] ?? "";
          if (language === "ja")
            expect(body, brand.id).toContain(`font-family:${japaneseFontFamily("'", ["Helvetica", "Arial", "sans-serif"])}`);
          else {
            expect(body, `${brand.id} ${language}`).toContain(ENGLISH_MAIL_STACK);
            for (const face of JAPANESE_FACES) expect(mail.html).not.toContain(face);
          }
        }
      }
  });
});
