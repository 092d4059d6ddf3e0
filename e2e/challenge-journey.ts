import type { Page } from "@playwright/test";
import { CHALLENGE_PROOF_HEADER } from "../common/challenge.ts";
import type { Catalogue } from "../common/i18n/catalogue.ts";
import type { SmtpSink } from "../test/support/smtp-sink.ts";
import { strings as arabic } from "../web/i18n/ar/challenge.ts";
import { strings as arabicShared } from "../web/i18n/ar/shared.ts";
import { strings as english } from "../web/i18n/en/challenge.ts";
import { strings as shared } from "../web/i18n/en/shared.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The human check shown only when needed (decision 93), against the server's own thresholds: four
 * links a window per address, so past two (CHALLENGE_THRESHOLD 50 percent) the next request for that
 * address is asked for ALTCHA's proof of work, which the browser solves in its workers. The
 * address limit is the one pressed: the tests' own address has room for every request they make.
 * The specs (challenge.spec.ts, challenge-postgres.spec.ts) run it with CHALLENGE_SETTINGS.
 */
export const CHALLENGE_SETTINGS = {
  CAPTCHA_PROVIDER: "pow",
  CHALLENGE_THRESHOLD: "50",
  CHALLENGE_DIFFICULTY: "20000",
  ACCESS_LINK_LIMIT_PER_EMAIL: "4",
  ACCESS_LINK_LIMIT_PER_IP: "1000",
};

const DSONE = "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui";
const t = english.challenge;

/** Notes every dialog the page opens, however briefly it stays: a check solved in a blink is one too. */
async function noteDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { dialogsOpened: opened });
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) if (node instanceof HTMLDialogElement) opened.push(node.textContent ?? "");
    }).observe(document, { subtree: true, childList: true });
  });
}
const dialogsOpened = (page: Page) => page.evaluate(() => (window as unknown as { dialogsOpened: string[] }).dialogsOpened);

/** Asks for a link for `email` on the sign-in screen, as a customer does. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.locator("input[type=email]").fill(email);
  await page.locator("form button[type=submit]").first().click();
}

/**
 * Asks for `count` links for `email`, each mailed, and comes back to the form: the requests that
 * bring the address's count to its threshold.
 */
async function askRepeatedly(
  page: Page,
  mail: SmtpSink,
  email: string,
  count: number,
  language: Catalogue<typeof shared> = shared,
): Promise<void> {
  for (let request = 0; request < count; request++) {
    const since = mail.messages.length;
    await askForLink(page, email);
    await expect(page.getByRole("heading", { name: language.checkEmail.title })).toBeVisible();
    await mail.waitFor(email, { since });
    await page.getByRole("button", { name: language.checkEmail.useAnotherEmail }).click();
  }
}

/** Holds the proof-of-work worker's script, so the dialog stays up until `release`. */
async function holdWorker(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/pow-worker-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The proofs the requests for a link carried, in order (null: none). */
function proofsSent(page: Page): (string | null)[] {
  const proofs: (string | null)[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/access-link")
      proofs.push(request.headers()[CHALLENGE_PROOF_HEADER] ?? null);
  });
  return proofs;
}

/** The journeys, on whichever database the spec that runs them chose. */
export function challengeJourney(): void {
  test("a customer below the threshold never sees the check", async ({ page, mail }) => {
    await noteDialogs(page);
    const proofs = proofsSent(page);
    await page.goto(DSONE);
    await askRepeatedly(page, mail, "licensed.customer@example.com", 2);
    expect(await dialogsOpened(page)).toEqual([]);
    expect(proofs).toEqual([null, null]);
  });

  test("past the threshold the next request shows the check, the browser solves it and the link is mailed", async ({ page, mail }) => {
    const email = "new.customer@example.com";
    await page.goto(DSONE);
    await askRepeatedly(page, mail, email, 2);

    const proofs = proofsSent(page);
    const release = await holdWorker(page);
    const since = mail.messages.length;
    await askForLink(page, email);
    const dialog = page.getByRole("dialog", { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("status")).toContainText(t.working);
    await expect(dialog.getByRole("button", { name: t.cancel })).toBeFocused();
    await expectNoAxeViolations(page);

    release();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    await mail.waitFor(email, { since });
    expect(proofs).toHaveLength(2);
    expect(proofs[0]).toBeNull();
    expect(proofs[1]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  test("in Arabic the check is in Arabic, right to left, and the link is mailed", async ({ page, mail }) => {
    const email = "password.customer@example.com";
    await page.goto(`${DSONE}&lang=ar`);
    await askRepeatedly(page, mail, email, 2, arabicShared);

    const release = await holdWorker(page);
    const since = mail.messages.length;
    await askForLink(page, email);
    const dialog = page.getByRole("dialog", { name: arabic.challenge.title });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    await expect(dialog.getByRole("status")).toContainText(arabic.challenge.working);
    await expectNoAxeViolations(page);

    release();
    await expect(page.getByRole("heading", { name: arabicShared.checkEmail.title })).toBeVisible({ timeout: 20_000 });
    await mail.waitFor(email, { since });
  });
}
