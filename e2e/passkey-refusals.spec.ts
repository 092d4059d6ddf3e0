import type { BrowserContext, Page } from "@playwright/test";
import { dsone, maverick } from "../common/brands/index.ts";
import { CHALLENGES_KEPT_PER_BROWSER } from "../server/auth/passkey/passkeys.ts";
import { recordCases } from "../test/attack/scale.ts";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

/**
 * A sign-in screen left open never floods the server with passkey challenges (docs/decisions/0065):
 * where the browser refuses a ceremony at once, where it has no authenticator, where the page is
 * served on an address literal (which no browser accepts as a relying party), and where the
 * address has used up its passkey limit. Each screen stays open 10 seconds, as a customer's tab
 * would sit, and every request it makes to the challenge route is counted.
 */

const CHALLENGE_ROUTE = "/api/passkey/sign-in/options";
/** The attack suite's family (scripts/test-attack.ts): each screen held open is a case. */
const FAMILY = "passkey challenges (no page floods the server)";
const SCREENS = [
  `${dsone.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui`,
  dsone.paths.passwordLogin,
  `${maverick.paths.emailLogin}?ReturnUrl=%2Fdemo%2Fmaverick%2Fui`,
  maverick.paths.passwordLogin,
];

// The limit is small so that the last test can use it up; the others stay far below it.
test.use({ serverEnv: { PASSKEY_CHALLENGE_LIMIT_PER_IP: "40" } });
test.describe.configure({ mode: "serial" });

interface Counted {
  page: Page;
  challenges: number;
  refused: number;
}

/** Opens every sign-in screen at `origin` in its own tab, and counts challenge requests for 10 seconds. */
async function sitOnEveryScreen(context: BrowserContext, origin: string, prepare?: (page: Page) => Promise<void>): Promise<Counted[]> {
  const pages = await Promise.all(
    SCREENS.map(async (path) => {
      const page = await context.newPage();
      await prepare?.(page);
      const counted: Counted = { page, challenges: 0, refused: 0 };
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === CHALLENGE_ROUTE) counted.challenges += 1;
      });
      page.on("response", (response) => {
        if (new URL(response.url()).pathname === CHALLENGE_ROUTE && response.status() === 429) counted.refused += 1;
      });
      await page.goto(`${origin}${path}`);
      return counted;
    }),
  );
  await pages[0]?.page.waitForTimeout(10_000);
  recordCases(FAMILY, pages.length);
  return pages;
}

/** A browser whose every WebAuthn request is refused as it starts (a policy, an extension). */
async function refusingAtOnce(context: BrowserContext, name: "NotAllowedError" | "SecurityError") {
  await context.addInitScript((errorName) => {
    navigator.credentials.get = () => Promise.reject(new DOMException("refused", errorName));
  }, name);
}

test("on an address literal no screen asks for a challenge or shows the passkey button", async ({ browser, app }) => {
  const context = await browser.newContext();
  const literal = app.url.replace("//localhost:", "//127.0.0.1:");
  for (const { page, challenges, refused } of await sitOnEveryScreen(context, literal)) {
    expect(challenges, page.url()).toBe(0);
    expect(refused).toBe(0);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  }
  await context.close();
});

for (const refusal of ["NotAllowedError", "SecurityError"] as const) {
  test(`a browser that refuses at once (${refusal}) asks once per screen and stops`, async ({ browser, app }) => {
    const context = await browser.newContext();
    await refusingAtOnce(context, refusal);
    const before = Number(app.query("select count(*) as n from passkey_challenges")[0]?.n);
    for (const { page, challenges, refused } of await sitOnEveryScreen(context, app.url)) {
      expect(challenges, page.url()).toBeGreaterThanOrEqual(1);
      expect(challenges, page.url()).toBeLessThanOrEqual(2);
      expect(refused).toBe(0);
    }
    // One browser (one cookie) keeps at most its newest few challenges, however many tabs asked.
    const after = Number(app.query("select count(*) as n from passkey_challenges")[0]?.n);
    expect(after - before).toBeLessThanOrEqual(CHALLENGES_KEPT_PER_BROWSER);
    await context.close();
  });
}

test("a browser with no authenticator waits with one challenge per screen", async ({ browser, app }) => {
  const context = await browser.newContext();
  const pages = await sitOnEveryScreen(context, app.url, async (page) => {
    // A virtual authenticator that holds no passkey: the suggestions have nothing to offer.
    await addAuthenticator(page);
  });
  for (const { page, challenges, refused } of pages) {
    expect(challenges, page.url()).toBeGreaterThanOrEqual(1);
    expect(challenges, page.url()).toBeLessThanOrEqual(2);
    expect(refused).toBe(0);
  }
  await context.close();
});

test("a server answering 5xx to the challenge is asked once per screen, and the email still signs in", async ({ browser, app }) => {
  const context = await browser.newContext();
  // The challenge route fails (a database outage, say): nobody asked for that request.
  await context.route(`**${CHALLENGE_ROUTE}`, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "INTERNAL", message: "down" }) }),
  );
  const pages = await sitOnEveryScreen(context, app.url, async (page) => {
    await addAuthenticator(page);
  });
  for (const { page, challenges } of pages) {
    expect(challenges, page.url()).toBeGreaterThanOrEqual(1);
    expect(challenges, page.url()).toBeLessThanOrEqual(2);
    await expect(page.locator("#passkey-error")).toHaveCount(0);
  }
  const login = pages[0]?.page as Page;
  await login.getByLabel("Enter your email").fill("new.customer@example.com");
  await login.getByRole("button", { name: "Continue" }).click();
  await expect(login.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await context.close();
});

test("with the address's passkey limit used up, a screen asks once and the email still signs in", async ({ browser, app }) => {
  const context = await browser.newContext();
  // Another browser behind the same address used up the limit.
  let usedUp = false;
  for (let asked = 0; asked < 60 && !usedUp; asked += 1) {
    usedUp = (await context.request.post(`${app.url}${CHALLENGE_ROUTE}`, { data: {} })).status() === 429;
  }
  // Else the screen below would not be tested against a used-up limit at all.
  expect(usedUp).toBe(true);
  const page = await context.newPage();
  let challenges = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === CHALLENGE_ROUTE) challenges += 1;
  });
  await addAuthenticator(page);
  await page.goto(`${app.url}${SCREENS[0]}`);
  await page.waitForTimeout(10_000);
  recordCases(FAMILY, 1);
  expect(challenges).toBeLessThanOrEqual(1);
  // Nobody asked for that request: the screen shows no error for it, and the email way works.
  await expect(page.locator("#passkey-error")).toHaveCount(0);
  await page.getByLabel("Enter your email").fill("new.customer@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await context.close();
});
