import type { Page } from "@playwright/test";
import { dsone, maverick } from "../common/brands/index.ts";
import { LANGUAGES } from "../common/languages.ts";
import { expect, test } from "./fixtures.ts";
import { ASKING_DEVICE } from "./screens.ts";

/**
 * Nothing on a login screen moves once painted, in any language (issue 42: Arabic once shifted by
 * 0.005 while the others held still). Every layout shift the browser reports from the first paint
 * on is summed, as Lighthouse's CLS sums them, until the app has started, the fonts are in and the
 * page has sat still for a moment.
 */
const PHONE = { width: 390, height: 844 };

/** The login screens, each as a customer first meets it (a ReturnUrl keeps DS One's shown; qatest skips Maverick Safe's device check). */
const SCREENS = [
  ["DS One login", `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui&`],
  ["DS One password login", `${dsone.paths.passwordLogin}?`],
  ["Maverick Safe login", `${maverick.paths.login}?qatest=1&`],
  ["Maverick Safe password login", `${maverick.paths.passwordLogin}?`],
] as const;

test.use({ viewport: PHONE });

/** Sums, from the page's first paint, every layout shift not caused by input, as Lighthouse's CLS does. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts' total so far, once the page has sat still for a moment. */
async function layoutShiftTotal(page: Page): Promise<number> {
  // A shift is reported in the frame it happens in: a few frames of stillness let the last one in.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}

for (const [screen, address] of SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen} in ${language} does not shift`, async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto(`${address}lang=${language}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await layoutShiftTotal(page)).toBe(0);
    });
  }
}

/**
 * On a slow phone the parser stops for breath mid-page, and a browser paints what it has: the top
 * bar half parsed, then moved when the rest arrives (0.005 CLS on a busy machine). The page holds
 * its first frame until the screen rendered ahead is parsed whole. Counted here in Chromium with its
 * processor slowed eightfold: no frame of any screen is drawn before the screen's end is in.
 */
for (const [screen, address] of SCREENS) {
  test(`${screen} is first drawn whole on a slow phone`, async ({ page }) => {
    await page.addInitScript(() => {
      const frames: boolean[] = [];
      (window as unknown as { framesWhole: boolean[] }).framesWhole = frames;
      const look = () => {
        frames.push(document.getElementById("root-end") !== null);
        if (frames.length < 5) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    await page.goto(`${address}lang=de`);
    const frames = await page.evaluate(() => (window as unknown as { framesWhole: boolean[] }).framesWhole);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames).not.toContain(false);
  });
}

/**
 * On an address the deployment's passkeys are not for (here 127.0.0.1, which no browser accepts as
 * a relying party), the screen rendered ahead carries a passkey button the app takes away once it
 * runs: it is hidden from the first frame, so nothing moves when it goes.
 */
for (const [screen, address] of SCREENS.filter(([name]) => !name.startsWith("Maverick Safe login"))) {
  test(`${screen} on an address literal never draws the passkey button`, async ({ page, app }) => {
    await watchLayoutShifts(page);
    await page.addInitScript(() => {
      const seen: boolean[] = [];
      (window as unknown as { passkeyButtonSeen: boolean[] }).passkeyButtonSeen = seen;
      const look = () => {
        const button = document.querySelector(".passkey-button");
        seen.push(button !== null && button.getClientRects().length > 0);
        if (seen.length < 30) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${app.url.replace("//localhost:", "//127.0.0.1:")}${address}lang=en`);
    expect(await layoutShiftTotal(page)).toBe(0);
    const seen = await page.evaluate(() => (window as unknown as { passkeyButtonSeen: boolean[] }).passkeyButtonSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(true);
  });
}

/**
 * Approving on another device (docs/decisions/0081): "Check Your Email" keeps the place of the
 * digits to type on the phone until the server names them, so nothing below moves when they
 * arrive (here a second after the click, past what counts as moved by the click); the phone's
 * page opens without a shift.
 */
test("Check Your Email does not shift when the digits for the phone arrive", async ({ page }) => {
  await watchLayoutShifts(page);
  await page.route("**/api/access-link/wait", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.fulfill({ json: { state: "waiting", number: 7 } });
  });
  await page.goto(`${SCREENS[0][1]}lang=en`);
  await page.getByLabel(/^(Enter your email|Use another email)$/).fill("new.customer@example.com");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.locator(".approval-number__value")).toHaveText("07");
  expect(await layoutShiftTotal(page)).toBe(0);
});

test("the link's page on another device does not shift as it asks for the digits", async ({ page }) => {
  await watchLayoutShifts(page);
  await page.route("**/api/access-link/check", (route) => route.fulfill({ json: { isOk: true, otherDevice: ASKING_DEVICE } }));
  await page.goto(`${dsone.paths.accessLink}?token=${"t".repeat(43)}&lang=en`);
  await page.getByLabel("The two digits that device shows").waitFor();
  expect(await layoutShiftTotal(page)).toBe(0);
});
