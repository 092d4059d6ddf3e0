import type { Page } from "@playwright/test";
import { redirectCorpus } from "../test/attack/redirect-corpus.ts";
import { FULL, recordCases } from "../test/attack/scale.ts";
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

/** Watches one page: every request's origin, and any dialog (a javascript: payload that ran). */
function watch(page: Page, origin: string): { escapes: string[] } {
  const escapes: string[] = [];
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
  return { escapes };
}

/** Lets a navigation the click started begin and settle. */
async function settle(page: Page, from: string): Promise<void> {
  await page.waitForURL((url) => url.href !== from, { timeout: 3_000 }).catch(() => undefined);
  await page.waitForLoadState("load").catch(() => undefined);
}

test.describe.configure({ timeout: FULL ? 600_000 : 90_000 });

test("the earlier reset confirmation's Login button stays home for every redirectUrl", async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const { escapes } = watch(page, origin);
  const list = payloads(origin);
  for (const payload of list) {
    await page.goto(`/resetPasswordConfirmation?redirectUrl=${encodeURIComponent(payload)}`);
    const here = page.url();
    await page.getByRole("button", { name: "Login" }).click();
    await settle(page, here);
    expect(new URL(page.url()).origin, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});

test("password login continues only home for every ReturnUrl", async ({ page, baseURL }) => {
  const origin = baseURL as string;
  const { escapes } = watch(page, origin);
  const list = payloads(origin);
  for (const payload of list) {
    await page.context().clearCookies();
    await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent(payload)}`);
    await page.getByLabel("Email").fill("password.customer@example.com");
    await page.getByLabel("Password", { exact: true }).fill("demo-password");
    const here = page.url();
    await page.getByRole("button", { name: "Login" }).click();
    await settle(page, here);
    expect(new URL(page.url()).origin, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});

test("an access link's Sign In continues only home for every ReturnUrl it was asked with", async ({ page, baseURL, mail }) => {
  const origin = baseURL as string;
  const { escapes } = watch(page, origin);
  const list = payloads(origin);
  for (const payload of list) {
    const since = mail.messages.length;
    const asked = await page.request.post("/api/access-link", {
      data: { Email: "new.customer@example.com", ProductId: 6, ReturnUrl: payload },
      headers: { origin },
    });
    if (!asked.ok()) {
      expect(asked.status(), payload).toBeLessThan(500);
      continue;
    }
    await page.goto(linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token="));
    const here = page.url();
    await page.getByRole("button", { name: "Sign In" }).click();
    await settle(page, here);
    expect(new URL(page.url()).origin, payload).toBe(origin);
  }
  recordCases("open redirects (browser)", list.length);
  expect(escapes).toEqual([]);
});
