import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Every control a finger presses on the screen that is smaller than 44 by 44 px (a checkbox counts by its label). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a, button, input:not([type=checkbox]), select, label.checkbox")]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ element, box }) => `${element.tagName} "${element.textContent?.trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("the email field takes the card's width with Continue under it, and the card sits near the top", async ({ page }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    const field = page.getByLabel("Enter your email");
    const fieldBox = await field.boundingBox();
    const buttonBox = await page.getByRole("button", { name: "Continue", exact: true }).boundingBox();
    expect(fieldBox?.width).toBeGreaterThan(280);
    expect(buttonBox?.y).toBeGreaterThan((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0) - 1);
    expect((await page.locator(".card").boundingBox())?.y).toBeLessThan(100);
  });

  for (const path of [
    "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui",
    "/dsone/password-login",
    "/dsone/forgot-password",
    "/dsone/login-sign-up",
    "/dsone/sorry-to-see-you-go",
    "/maverick/password-login?qatest=1",
    "/maverick/sorry-to-see-you-go",
  ]) {
    test(`every touch target on ${path} is at least 44 px`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await smallTargets(page)).toEqual([]);
    });
  }
});

test("on a desktop the email field and Continue share a row", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  const fieldBox = await page.getByLabel("Enter your email").boundingBox();
  const buttonBox = await page.getByRole("button", { name: "Continue", exact: true }).boundingBox();
  expect(Math.abs((buttonBox?.y ?? 0) - (fieldBox?.y ?? 0))).toBeLessThan(8);
});
