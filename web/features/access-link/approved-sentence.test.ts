import { describe, expect, it } from "vitest";
import { strings as ar } from "../../i18n/ar/access-link.ts";
import { strings as de } from "../../i18n/de/access-link.ts";
import { strings as en } from "../../i18n/en/access-link.ts";
import { strings as es } from "../../i18n/es/access-link.ts";
import { strings as fr } from "../../i18n/fr/access-link.ts";
import { strings as it_ } from "../../i18n/it/access-link.ts";
import { strings as ja } from "../../i18n/ja/access-link.ts";
import { strings as ptBR } from "../../i18n/pt-BR/access-link.ts";
import { approvedSentence } from "./approved-sentence.ts";

const LANGUAGES = { en, de, fr, es, it: it_, "pt-BR": ptBR, ja, ar };

describe("the approval's closing sentence", () => {
  it("names the device it signed in, and an unnamed one in the sentence's own words", () => {
    expect(approvedSentence(en.accessLink, "Chrome on Linux")).toBe("Done. You are signed in on Chrome on Linux.");
    expect(approvedSentence(en.accessLink, null)).toBe("Done. You are signed in on an unknown browser.");
  });

  it.each(Object.entries(LANGUAGES))("in %s, an unnamed browser mid-sentence is never the sentence-start words", (_language, words) => {
    const sentence = approvedSentence(words.accessLink, null);
    expect(sentence).toContain(words.accessLink.unknownBrowserInSentence);
    // The sentence-start form ("A browser") must not appear, unless the in-sentence form holds it
    // (Japanese: the same words; Arabic: the in-sentence form adds "unknown" after it).
    if (!words.accessLink.unknownBrowserInSentence.includes(words.accessLink.unknownBrowser))
      expect(sentence).not.toContain(words.accessLink.unknownBrowser);
  });
});
