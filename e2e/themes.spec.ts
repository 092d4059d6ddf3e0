import { expectNoAxeViolations } from "./axe.ts";
import { expect, gotoWithoutApp, test } from "./fixtures.ts";
import { SCREENS, showScreen } from "./screens.ts";

// Each screen starts in the system's dark theme (its first paint is dark already), follows the
// system to light while open, and has no axe violations in either: contrast is checked per theme.
test.describe("both themes", () => {
  test.use({ colorScheme: "dark" });
  for (const screen of SCREENS) {
    test(`${screen.name} follows the system's theme, dark then light, with no axe violations in either`, async ({ page }) => {
      const html = page.locator("html");
      await showScreen(page, screen);
      await expect(html).toHaveAttribute("data-theme", "dark");
      await expect(html).toHaveAttribute("data-brand", screen.name.split("-")[0] ?? "");
      await expectNoAxeViolations(page);
      await page.emulateMedia({ colorScheme: "light" });
      await expect(html).toHaveAttribute("data-theme", "light");
      await expectNoAxeViolations(page);
    });
  }
});

test("the theme toggle switches, is remembered, and the next page starts in it without a flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/dsone/password-login");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "Switch to the dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("themeMode"))).toBe("dark");
  await expect(page.getByRole("button", { name: "Switch to the light theme" })).toBeVisible();

  // The theme is on <html> before any of the app's code runs: what the first paint sees.
  await page.route("**/assets/*.js", (route) => route.abort());
  await gotoWithoutApp(page, "/maverick/password-login");
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(html).toHaveAttribute("data-brand", "maverick");
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe("rgb(17, 14, 28)");
  await expect(page.locator("link[rel=icon]")).toHaveAttribute("href", "/brand/maverick.svg");
});

test("clearing this browser on a goodbye page returns the theme to the system's at once", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/dsone/password-login");
  await page.getByRole("button", { name: "Switch to the dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // An in-app move, as a link inside the app would make: the same tab, no reload.
  await page.evaluate(() => {
    window.history.pushState(null, "", "/dsone/sorry-to-see-you-go");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "We're Sorry To See You Go" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByRole("button", { name: "Switch to the dark theme" })).toBeVisible();
});
