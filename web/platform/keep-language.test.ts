import { describe, expect, it } from "vitest";
import { keepLanguage, namingLanguage } from "./keep-language.ts";

describe("keeping the visit's language", () => {
  it("carries lang into another screen's address", () => {
    expect(keepLanguage("/dsone/passkey-offer?ReturnUrl=%2Fx", "?lang=ja&uuid=1")).toBe("/dsone/passkey-offer?ReturnUrl=%2Fx&lang=ja");
    expect(keepLanguage("/dsone/auto-login", "?LANG=de")).toBe("/dsone/auto-login?lang=de");
    expect(keepLanguage("/dsone/login#top", "?lang=ar")).toBe("/dsone/login?lang=ar#top");
  });
  it("leaves an address alone when the visit has no language or the address names one", () => {
    expect(keepLanguage("/dsone/login?x=1", "?uuid=1")).toBe("/dsone/login?x=1");
    expect(keepLanguage("/dsone/login?lang=fr", "?lang=de")).toBe("/dsone/login?lang=fr");
  });
});

describe("the address a language switch reloads", () => {
  it("names the chosen language, keeping the rest of the address", () => {
    expect(namingLanguage("https://a.example/dsone/login?ReturnUrl=%2Fx#top", "fr")).toBe(
      "https://a.example/dsone/login?ReturnUrl=%2Fx&lang=fr#top",
    );
    expect(namingLanguage("https://a.example/dsone/login", "ar")).toBe("https://a.example/dsone/login?lang=ar");
  });
  it("changes a lang the address already has, in its own case", () => {
    expect(namingLanguage("https://a.example/dsone/login?LANG=de&uuid=1", "ja")).toBe("https://a.example/dsone/login?LANG=ja&uuid=1");
  });
});
