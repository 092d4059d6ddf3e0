import { describe, expect, it } from "vitest";
import { chooseLanguage, directionOf, languageForAcceptLanguage, languageForList, languageForTag } from "./languages.ts";

describe("choosing the language", () => {
  it("matches a tag to a language we have, by its primary subtag when the region differs", () => {
    expect(languageForTag("de")).toBe("de");
    expect(languageForTag("de-AT")).toBe("de");
    expect(languageForTag("PT-br")).toBe("pt-BR");
    expect(languageForTag("pt-PT")).toBe("pt-BR");
    expect(languageForTag("ja-JP")).toBe("ja");
    expect(languageForTag("zh")).toBeUndefined();
  });

  it("passes over malformed, over-long and empty tags without throwing", () => {
    for (const bad of ["", " ", "d", "deutsch-!!", "de_DE", "<script>", "x".repeat(36), "de-".repeat(20), "de--AT", "1e"])
      expect(languageForTag(bad), bad).toBeUndefined();
    expect(languageForTag(null)).toBeUndefined();
    expect(languageForList(`${"xx ".repeat(400)}de`)).toBeUndefined();
  });

  it("takes the first language we have from ui_locales", () => {
    expect(languageForList("zh-CN ja en")).toBe("ja");
    expect(languageForList("ar-EG")).toBe("ar");
    expect(languageForList("tlh zh")).toBeUndefined();
  });

  it("reads Accept-Language by its quality values, then by its order", () => {
    expect(languageForAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(languageForAcceptLanguage("en;q=0.5, fr;q=0.9")).toBe("fr");
    expect(languageForAcceptLanguage("zh-CN, ja;q=0.2")).toBe("ja");
    expect(languageForAcceptLanguage("fr;q=0, it")).toBe("it");
    expect(languageForAcceptLanguage("*")).toBeUndefined();
    expect(languageForAcceptLanguage("de;q=abc")).toBeUndefined();
    expect(languageForAcceptLanguage(`${"zz,".repeat(600)}de`)).toBeUndefined();
  });

  it("lets the first rule that matches win: ui_locales, lang, the customer's choice, ui_locales in the ReturnUrl, Accept-Language, English", () => {
    const all = { uiLocales: "ja", lang: "fr", chosen: "es", returnUrlUiLocales: "it", acceptLanguage: "de" };
    expect(chooseLanguage(all)).toBe("ja");
    expect(chooseLanguage({ ...all, uiLocales: null })).toBe("fr");
    expect(chooseLanguage({ ...all, uiLocales: "xx", lang: "??" })).toBe("es");
    expect(chooseLanguage({ ...all, uiLocales: null, lang: null, chosen: null })).toBe("it");
    expect(chooseLanguage({ ...all, uiLocales: null, lang: null, chosen: null, returnUrlUiLocales: "xx-YY" })).toBe("de");
    expect(chooseLanguage({ acceptLanguage: "de", chosen: "not a language" })).toBe("de");
    expect(chooseLanguage({})).toBe("en");
  });

  it("writes Arabic right to left and the others left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("de")).toBe("ltr");
    expect(directionOf("ja")).toBe("ltr");
  });
});
