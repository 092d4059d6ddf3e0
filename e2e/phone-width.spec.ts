import { dsone, maverick } from "../common/brands/index.ts";
import { LANGUAGES } from "../common/languages.ts";
import { expect, test } from "./fixtures.ts";
import { ASKING_DEVICE } from "./screens.ts";

/**
 * No screen is wider than the phone it is on, in any language: a page that scrolls sideways hides
 * the end of its sentences and buttons. German's long words once pushed the "Sign in on this
 * device instead" link 46 px past a 390 px screen.
 */
const PHONE = { width: 390, height: 844 };

const SCREENS = [
  ["the DS One login", `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui&`],
  ["the DS One password login", `${dsone.paths.passwordLogin}?`],
  ["the Maverick Safe password login", `${maverick.paths.passwordLogin}?`],
  ["a link opened on another device", `${dsone.paths.accessLink}?token=${"t".repeat(43)}&`],
] as const;

test.use({ viewport: PHONE });

for (const language of LANGUAGES) {
  test(`in ${language}, no sign-in screen is wider than a phone`, async ({ page }) => {
    await page.route("**/api/access-link/check", (route) => route.fulfill({ json: { isOk: true, otherDevice: ASKING_DEVICE } }));
    for (const [screen, address] of SCREENS) {
      await page.goto(`${address}lang=${language}`);
      // The other-device page shows its digits' field once its check answered; the others are whole at once.
      await (screen === "a link opened on another device" ? page.locator(".approval-form input") : page.locator("h1").first()).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, screen).toBeLessThanOrEqual(PHONE.width);
    }
  });
}

/**
 * A sign-in screen fills the window below the app bar and no more: it scrolls only by as much as
 * its content is taller than the window (it once took 4 px more, so every screen scrolled a little).
 */
for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: { width: 1280, height: 800 } })) {
  test(`on a ${size}, a sign-in screen scrolls only by what its content needs`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [screen, address] of SCREENS.slice(0, 3)) {
      await page.goto(address);
      await page.locator("h1").first().waitFor();
      const { height, needed } = await page.evaluate(() => {
        const screen = document.querySelector("main.screen") as HTMLElement;
        const content = (screen.firstElementChild as HTMLElement).getBoundingClientRect().bottom + window.scrollY;
        return {
          height: document.documentElement.scrollHeight,
          needed: Math.ceil(content + Number.parseFloat(getComputedStyle(screen).paddingBottom)),
        };
      });
      expect(height, screen).toBeLessThanOrEqual(Math.max(viewport.height, needed));
    }
  });
}
