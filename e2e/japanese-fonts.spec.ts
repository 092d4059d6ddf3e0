import { JAPANESE_FACES } from "../common/japanese-fonts.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A Japanese page is drawn in the system's Japanese faces (common/japanese-fonts.ts), named on the
 * page's root so every screen inherits them; an English page keeps the stack it always had.
 */
const bodyFonts = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    getComputedStyle(document.body)
      .fontFamily.split(",")
      .map((face) => face.trim().replace(/^["']|["']$/g, "")),
  );

test("the Japanese login's body names each system's Japanese faces; the English one keeps its fonts", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&lang=ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  expect(await bodyFonts(page)).toEqual(["Segoe UI", ...JAPANESE_FACES, "system-ui", "sans-serif"]);

  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await bodyFonts(page)).toEqual(["Segoe UI", "system-ui", "-apple-system", "Helvetica Neue", "Arial", "sans-serif"]);
});
