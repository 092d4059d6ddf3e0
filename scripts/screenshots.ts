import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../common/languages.ts";
import { APP_STARTED_MARK } from "../common/rendered-ahead.ts";
import { ASKING_DEVICE, SCREENS, showScreen, UNDELIVERED_WAIT } from "../e2e/screens.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";
import { spawnServer } from "../test/support/spawn-server.ts";
import type { strings as englishAccessLink } from "../web/i18n/en/access-link.ts";
import type { strings as englishPasswordLogin } from "../web/i18n/en/password-login.ts";
import type { strings as englishShared } from "../web/i18n/en/shared.ts";
import type { strings as englishUndelivered } from "../web/i18n/en/undelivered.ts";
import { buildIfStale } from "./build-if-stale.ts";

/**
 * `npm run screenshots`: every screen of both brands in both themes, on a phone-sized and a
 * desktop-sized window, and the main screens in every other language, into screenshots/ (ignored
 * by git), for a person to look at.
 */
const OUT = join(import.meta.dirname, "..", "screenshots");
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** `npm run screenshots -- --languages` writes the other languages' screens only. */
const LANGUAGES_ONLY = process.argv.includes("--languages");
/** Where the login sends the customer back to (without one, the login goes to the product's page). */
const RETURN_URL = "?ReturnUrl=%2Fdemo%2Fdsone%2Fui";

buildIfStale();
rmSync(LANGUAGES_ONLY ? join(OUT, "languages") : OUT, { recursive: true, force: true });
const dir = mkdtempSync(join(tmpdir(), "account-screenshots-"));
const server = await spawnServer({ DATABASE_URL: `file:${join(dir, "account.db")}`, ACCESS_LINK_LIMIT_PER_EMAIL: "1000" });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
let count = 0;
try {
  for (const [size, viewport] of LANGUAGES_ONLY ? [] : Object.entries(VIEWPORTS)) {
    for (const colorScheme of ["light", "dark"] as const) {
      const folder = join(OUT, `${size}-${colorScheme}`);
      mkdirSync(folder, { recursive: true });
      for (const screen of SCREENS) {
        const context = await browser.newContext({ baseURL: server.url, viewport, colorScheme, reducedMotion: "reduce" });
        const page = await context.newPage();
        await showScreen(page, screen);
        await page.screenshot({ path: join(folder, `${screen.name}.png`), fullPage: true });
        await context.close();
        count++;
      }
    }
  }
  // The login, Check Your Email (and Email Not Delivered), the password login and Maverick Safe's
  // dialog in every other language, on a phone and a desktop, into screenshots/languages/<language>-<size>/.
  for (const language of LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE)) {
    const words = await catalogues(language);
    const screens: { name: string; path: string; heading: string; submitEmail?: boolean; asked?: true; undelivered?: true }[] = [
      { name: "dsone-login", path: `/dsone/login${RETURN_URL}`, heading: words.shared.login.title },
      { name: "dsone-check-email", path: `/dsone/login${RETURN_URL}`, heading: words.shared.checkEmail.title, submitEmail: true },
      // The mail was refused by the receiving server (docs/decisions/0087), as the wait says.
      {
        name: "dsone-undelivered",
        path: `/dsone/login${RETURN_URL}`,
        heading: words.undelivered.undelivered.title,
        submitEmail: true,
        undelivered: true,
      },
      { name: "dsone-password-login", path: "/dsone/password-login", heading: words.passwords.passwordLogin.title },
      { name: "maverick-password-login", path: "/maverick/password-login", heading: words.passwords.maverickPasswordLogin.title },
      // The link opened on a phone while the computer that asked waits (decision 73).
      { name: "dsone-approve-other-device", path: "/dsone/access-link", heading: words.accessLink.accessLink.approveTitle, asked: true },
    ];
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const folder = join(OUT, "languages", `${language}-${size}`);
      mkdirSync(folder, { recursive: true });
      for (const screen of screens) {
        const context = await browser.newContext({ baseURL: server.url, viewport, locale: language, reducedMotion: "reduce" });
        const page = await context.newPage();
        if (screen.asked) {
          await page.route("**/api/access-link/check", (route) => route.fulfill({ json: { isOk: true, otherDevice: ASKING_DEVICE } }));
          await page.goto(`${screen.path}?token=${"t".repeat(43)}`);
        } else {
          if (screen.undelivered) await page.route("**/api/access-link/wait", (route) => route.fulfill({ json: UNDELIVERED_WAIT }));
          await page.goto(screen.path);
        }
        if (screen.submitEmail) {
          await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_STARTED_MARK);
          await page
            .getByLabel(
              new RegExp(
                `^(${escapeForPattern(words.shared.login.emailLabel)}|${escapeForPattern(words.shared.login.emailLabelWithSocial)})$`,
              ),
            )
            .fill("new.customer@example.com");
          await page.getByRole("button", { name: words.shared.login.continue, exact: true }).click();
        }
        await page.getByRole("heading", { name: screen.heading, exact: true }).waitFor();
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_STARTED_MARK);
        await page.screenshot({ path: join(folder, `${screen.name}.png`), fullPage: true });
        await context.close();
        count++;
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${count} screenshots in ${OUT}`);

/** A language's catalogues for the screens photographed in it. */
async function catalogues(language: Language) {
  const shared = (await import(`../web/i18n/${language}/shared.ts`)) as { strings: typeof englishShared };
  const passwords = (await import(`../web/i18n/${language}/password-login.ts`)) as { strings: typeof englishPasswordLogin };
  const accessLink = (await import(`../web/i18n/${language}/access-link.ts`)) as { strings: typeof englishAccessLink };
  const undelivered = (await import(`../web/i18n/${language}/undelivered.ts`)) as { strings: typeof englishUndelivered };
  return { shared: shared.strings, passwords: passwords.strings, accessLink: accessLink.strings, undelivered: undelivered.strings };
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
