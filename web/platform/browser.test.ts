import { describe, expect, it } from "vitest";
import { preferredBrowser } from "./browser.ts";

describe("preferred browser", () => {
  it("reads firefox, edge or chrome from the user agent", () => {
    expect(preferredBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("firefox");
    expect(
      preferredBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      ),
    ).toBe("edge");
    expect(
      preferredBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"),
    ).toBe("chrome");
    expect(preferredBrowser("")).toBe("chrome");
  });
});
