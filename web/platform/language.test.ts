import { describe, expect, it } from "vitest";
import { addressNamesLanguage } from "./language.ts";

describe("whether a page's address names its language", () => {
  it("does with lang, ui_locales, or ui_locales inside the ReturnUrl, in a language we speak", () => {
    expect(addressNamesLanguage("?lang=de")).toBe(true);
    expect(addressNamesLanguage("?LANG=ja&uuid=1")).toBe(true);
    expect(addressNamesLanguage("?ui_locales=fr-CA%20en")).toBe(true);
    expect(addressNamesLanguage(`?ReturnUrl=${encodeURIComponent("/connect/authorize?client_id=x&ui_locales=ar")}`)).toBe(true);
  });
  it("does not with none, or with one we do not speak: the page is then in the browser's language or English", () => {
    expect(addressNamesLanguage("")).toBe(false);
    expect(addressNamesLanguage("?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=1")).toBe(false);
    expect(addressNamesLanguage("?lang=xx")).toBe(false);
    expect(addressNamesLanguage(`?ReturnUrl=${encodeURIComponent("/connect/authorize?ui_locales=zz")}`)).toBe(false);
  });
});
