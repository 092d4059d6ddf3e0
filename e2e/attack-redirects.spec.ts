import type { BrowserContext, Page } from "@playwright/test";
import { redirectCorpus } from "../test/attack/redirect-corpus.ts";
import { FULL, recordCases } from "../test/attack/scale.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";
import { linkIn } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The open-redirect corpus against every navigation the web app makes from a request-controlled
 * address, in Chromium: whatever the payload, the browser never requests another site and never
 * runs script from it. `npm test` takes every 27th payload; `npm run test:attack` all of them.
 */
const AGENT_PORTS = new Set([49217, 49218, 49219, 49220, 49221, 51215, 51216, 51217, 51218, 51219].map(String));

function payloads(origin: string): string[] {
  const corpus = redirectCorpus(origin);
  return FULL ? corpus : corpus.filter((_, index) => index % 27 === 0);
}

/**
 * Runs one payload in a page of its own (so a navigation still under way cannot spill into the
 * next payload), records every request to another origin and any dialog (a javascript: payload
 * that ran), and answers the origin of the navigation the last step started: where the payload
 * sent the browser. Later navigations are the app's own and are not waited for.
 */
async function visit(
  context: BrowserContext,
  origin: string,
  escapes: string[],
  open: (page: Page) => Promise<void>,
  leave: (page: Page) => Promise<void>,
): Promise<string> {
  const page = await context.newPage();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!/^https?:$/.test(url.protocol)) return;
    const home = url.origin === origin || (url.hostname === "localhost" && AGENT_PORTS.has(url.port));
    if (!home) escapes.push(url.href);
  });
  page.on("dialog", (dialog) => {
    escapes.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  try {
    await open(page);
    const before = page.url();
    await leave(page);
    await page.waitForURL((url) => url.href !== before, { waitUntil: "commit", timeout: 10_000 });
    return new URL(page.url()).origin;
  } finally {
    await closeSettled(page);
  }
}

/**
 * Closes a page once it has stopped navigating. Chromium can acknowledge a close that races a
 * navigation commit without closing the page, and page.close() then waits forever
 * (microsoft/playwright#41900, #42366): the app may still be on its way to where the payload sent
 * it. Going to about:blank first ends the app's own navigations; a close that still does not
 * settle within 10 s is left to the context, which closes with the test.
 */
async function closeSettled(page: Page): Promise<void> {
  await page.goto("about:blank", { timeout: 10_000 }).catch(() => undefined);
  await Promise.race([page.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

test.describe.configure({ timeout: FULL ? 1_800_000 : 90_000 });
// Every payload asks for a link: this file's server does not rate-limit them.
test.use({ serverEnv: unlimitedRateLimits() });

test("the earlier reset confirmation's Login link stays home for every redirectUrl", async ({ context, baseURL }) => {
  const origin = baseURL as string;
  const escapes: string[] = [];
  const list = payloads(origin);
  for (const payload of list) {
    const landed = await visit(
      context,
      origin,
      escapes,
      (page) => page.goto(`/resetPasswordConfirmation?redirectUrl=${encodeURIComponent(payload)}`).then(() => undefined),
      (page) => page.getByRole("link", { name: "Login" }).click(),
    );
    expect(landed, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});

test("password login continues only home for every ReturnUrl", async ({ context, baseURL }) => {
  const origin = baseURL as string;
  const escapes: string[] = [];
  const list = payloads(origin);
  for (const payload of list) {
    await context.clearCookies();
    const landed = await visit(
      context,
      origin,
      escapes,
      async (page) => {
        await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent(payload)}`);
        await page.getByLabel("Email").fill("password.customer@example.com");
        await page.getByLabel("Password", { exact: true }).fill("demo-password");
      },
      (page) => page.getByRole("button", { name: "Login" }).click(),
    );
    expect(landed, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});

test("an access link's Sign In continues only home for every ReturnUrl it was asked with", async ({ context, baseURL, mail }) => {
  const origin = baseURL as string;
  const escapes: string[] = [];
  const list = payloads(origin);
  for (const payload of list) {
    const since = mail.messages.length;
    const asked = await context.request.post("/api/access-link", {
      data: { Email: "new.customer@example.com", ProductId: 6, ReturnUrl: payload },
      headers: { origin },
    });
    if (!asked.ok()) {
      expect(asked.status(), payload).toBeLessThan(500);
      continue;
    }
    const link = linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token=");
    const landed = await visit(
      context,
      origin,
      escapes,
      // The page takes the token out of the address bar first: wait for that before leaving.
      async (page) => {
        await page.goto(link);
        await page.waitForURL((url) => !url.search.includes("token="));
      },
      (page) => page.getByRole("button", { name: "Sign In" }).click(),
    );
    expect(landed, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});
