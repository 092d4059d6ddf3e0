import type { Page, Route } from "@playwright/test";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CHALLENGE_PROOF_HEADER, CHALLENGE_REQUIRED, type ChallengeAsked } from "../common/challenge.ts";
import { strings as arabic } from "../web/i18n/ar/challenge.ts";
import { strings as english } from "../web/i18n/en/challenge.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The human check's dialog in the browser (decision 93), whatever the server's own thresholds: the
 * first request for a link is refused here, in the page's network, as the server refuses one past
 * its threshold, and what the browser sends again is checked and passed on to the real server.
 * The proof of work is ALTCHA's own, solved in the page's workers under the server's real CSP.
 */
const DSONE = "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui";
const SECRET = "test-challenge-secret";
const t = english.challenge;

/** A challenge whose answer is `counter`: a few hundred is a blink, millions keep the dialog up. */
async function proofOfWork(counter: number): Promise<ChallengeAsked> {
  const challenge = await createChallenge({ algorithm: "SHA-256", cost: 1, counter, deriveKey, hmacSignatureSecret: SECRET });
  return { provider: "pow", challenge: challenge as Extract<ChallengeAsked, { provider: "pow" }>["challenge"] };
}

/** Refuses the first request for a link with `asked`; answers the proofs the requests after it carry. */
async function askForCheck(page: Page, asked: ChallengeAsked): Promise<{ proofs: (string | null)[] }> {
  const seen = { proofs: [] as (string | null)[] };
  await page.route("**/api/access-link", async (route: Route) => {
    const proof = route.request().headers()[CHALLENGE_PROOF_HEADER] ?? null;
    seen.proofs.push(proof);
    if (proof === null) {
      await route.fulfill({
        status: 428,
        contentType: "application/json",
        body: JSON.stringify({ code: CHALLENGE_REQUIRED, message: "Confirm that you are a person.", challenge: asked }),
      });
    } else await route.continue();
  });
  return seen;
}

async function askForLink(page: Page, email: string, label = "Enter your email", submit = "Continue"): Promise<void> {
  await page.getByLabel(label).fill(email);
  await page.getByRole("button", { name: submit, exact: true }).click();
}

test("a request asked for a proof of work is proved in the browser and sent again with it", async ({ page, mail }) => {
  const since = mail.messages.length;
  const seen = await askForCheck(page, await proofOfWork(3000));
  await page.goto(DSONE);
  await askForLink(page, "new.customer@example.com");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await mail.waitFor("new.customer@example.com", { since });
  expect(seen.proofs).toHaveLength(2);
  expect(seen.proofs[0]).toBeNull();
  const { challenge, solution } = JSON.parse(Buffer.from(seen.proofs[1] ?? "", "base64").toString()) as {
    challenge: Parameters<typeof verifySolution>[0]["challenge"];
    solution: Parameters<typeof verifySolution>[0]["solution"];
  };
  expect(solution.counter).toBe(3000);
  expect((await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET })).verified).toBe(true);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the dialog overlays the form, passes axe, and Cancel ends the request quietly", async ({ page }) => {
  const seen = await askForCheck(page, await proofOfWork(50_000_000));
  await page.goto(DSONE);
  const field = page.getByLabel("Enter your email");
  const before = await field.boundingBox();
  await askForLink(page, "new.customer@example.com");
  const dialog = page.getByRole("dialog", { name: t.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status")).toContainText(t.working);
  await expect(dialog.getByRole("progressbar", { name: t.progress })).toBeVisible();
  // Modal, over the form: nothing under it moved, and focus is in it.
  expect(await field.boundingBox()).toEqual(before);
  await expect(dialog.getByRole("button", { name: t.cancel })).toBeFocused();
  await expectNoAxeViolations(page);

  await dialog.getByRole("button", { name: t.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveText(t.cancelled);
  expect(seen.proofs).toEqual([null]);
  // The workers were stopped with it: the page is idle again.
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
});

test("Escape cancels the check like Cancel", async ({ page }) => {
  await askForCheck(page, await proofOfWork(50_000_000));
  await page.goto(DSONE);
  await askForLink(page, "new.customer@example.com");
  await expect(page.getByRole("dialog", { name: t.title })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveText(t.cancelled);
});

test("in Arabic the dialog is read right to left, in Arabic", async ({ page }) => {
  await askForCheck(page, await proofOfWork(50_000_000));
  await page.goto(`${DSONE}&lang=ar`);
  await page.locator("input[type=email]").fill("new.customer@example.com");
  await page.locator("form button[type=submit]").first().click();
  const dialog = page.getByRole("dialog", { name: arabic.challenge.title });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  await expect(dialog.getByRole("button", { name: arabic.challenge.cancel })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a third party's widget is drawn in the dialog and its token sent", async ({ page, mail }) => {
  const since = mail.messages.length;
  // A stand-in for Turnstile's explicit-render API, served from our own origin (the CSP allows no other here).
  await page.route("**/stand-in-turnstile.js*", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `window.turnstile = { render(container, options) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "Verify (" + options.sitekey + ", " + options.language + ", " + options.theme + ")";
        button.onclick = () => options.callback("widget-token");
        container.append(button);
      } };`,
    }),
  );
  await page.goto(DSONE);
  const scriptUrl = new URL("/stand-in-turnstile.js", page.url()).href;
  const seen = await askForCheck(page, { provider: "turnstile", siteKey: "site-1", scriptUrl });
  await askForLink(page, "new.customer@example.com");
  const dialog = page.getByRole("dialog", { name: t.title });
  await expect(dialog.getByRole("status")).toContainText(t.widget);
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Verify (site-1, en, light)" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await mail.waitFor("new.customer@example.com", { since });
  expect(seen.proofs).toEqual([null, "widget-token"]);
});

test("a widget whose script does not load ends in a message offering another way in", async ({ page }) => {
  await page.goto(DSONE);
  const seen = await askForCheck(page, {
    provider: "hcaptcha",
    siteKey: "site-1",
    scriptUrl: new URL("/no-such-check.js", page.url()).href,
  });
  await askForLink(page, "new.customer@example.com");
  await expect(page.getByRole("alert")).toHaveText(t.unavailable);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(seen.proofs).toEqual([null]);
});
