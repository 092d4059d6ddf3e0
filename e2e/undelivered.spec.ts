import type { Page } from "@playwright/test";
import { strings as arabicShared } from "../web/i18n/ar/shared.ts";
import { strings as arabic } from "../web/i18n/ar/undelivered.ts";
import { strings as english } from "../web/i18n/en/undelivered.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { type AppUnderTest, expect, test } from "./fixtures.ts";

/**
 * An address our mail cannot reach, told on the screen the customer is looking at
 * (docs/decisions/0087). Without SMTP_URL the server mails the development mailbox, which refuses
 * addresses at .invalid domains as a relay refuses an unknown mailbox (550 5.1.1 at RCPT TO).
 */
test.use({ serverEnv: { SMTP_URL: "" } });

const DSONE = "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui";
const MAVERICK = "/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account";
const REFERENCE = /^[0-9A-F]{10}$/;
const t = english.undelivered;

/** A passwordless account at `email`, as a customer who signed up with a mistyped address has. */
function addAccount(app: AppUnderTest, email: string): void {
  const id = `undelivered-${email.split("@")[0]}`;
  app.sql(
    `insert into accounts (id, email, email_key, password_hash, name, created_at) values ('${id}', '${email}', '${email}', null, '', 0)`,
  );
}

async function askForLink(page: Page, email: string, labels: RegExp, continueLabel: string): Promise<void> {
  await page.getByLabel(labels).fill(email);
  await page.getByRole("button", { name: continueLabel, exact: true }).click();
}

/** The reference the panel quotes for support. */
async function referenceOn(page: Page): Promise<string> {
  const reference = (await page.locator("bdi[dir=ltr]").last().textContent()) ?? "";
  expect(reference).toMatch(REFERENCE);
  return reference;
}

test("Check Your Email says within seconds that the mail could not be delivered, and asking again says so at once", async ({
  page,
  app,
}) => {
  const email = "gone@nowhere.invalid";
  addAccount(app, email);
  await page.goto(DSONE);
  // Marks this document (a reload would lose it) and notes each screen title it shows: the
  // development mailbox can refuse the mail before a look at the page would catch Check Your Email.
  await page.evaluate(() => {
    const titles: string[] = [];
    const note = () => {
      const title = document.querySelector("h1")?.textContent ?? "";
      if (title && titles.at(-1) !== title) titles.push(title);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { sameDocument: true, titlesShown: titles });
  });
  await askForLink(page, email, /^(Enter your email|Use another email)$/, "Continue");

  // The development mailbox refuses the mail within a second; the wait already running says so.
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible({ timeout: 10_000 });
  const titles = await page.evaluate(() => (window as unknown as { titlesShown: string[] }).titlesShown);
  expect(titles.slice(-2)).toEqual(["Check Your Email", t.title]);
  const panel = page.getByRole("alert");
  await expect(panel).toHaveText(`${t.notDelivered} ${email}${t.notDeliveredAfter}${t.reasons.no_mailbox}`);
  await expect(panel).toBeFocused();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(page.getByText(t.supportWithReference)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${t.reference} [0-9A-F]{10}$`))).toBeVisible();
  const reference = await referenceOn(page);
  // No mail will come: nothing to resend, no digits for a phone, no code from the mail.
  await expect(page.getByText("We sent a personal access link to")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Resend/ })).toHaveCount(0);
  await expect(page.locator(".approval-number")).toHaveCount(0);
  await expect(page.getByLabel(/6-digit code/)).toHaveCount(0);
  // The ways in the sign-in screen offers anyone (here: the password; no passkeys on 127.0.0.1, no Google).
  await expect(page.getByRole("link", { name: t.password })).toBeVisible();
  await expect(page).toHaveTitle(`${t.title} – DS One`);
  await expectNoAxeViolations(page);

  // Asked again for the same address: refused at once, with the same words and reference.
  await page.getByRole("button", { name: "Use another email" }).click();
  const refused = page.waitForResponse((response) => response.url().endsWith("/api/access-link") && response.request().method() === "POST");
  await askForLink(page, email, /^(Enter your email|Use another email)$/, "Continue");
  const answer = await refused;
  expect(answer.status()).toBe(409);
  expect(await answer.json()).toMatchObject({ code: "EMAIL_UNDELIVERABLE", reason: "no_mailbox", reference });
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  await expect(panel).toContainText(t.reasons.no_mailbox);
  expect(await referenceOn(page)).toBe(reference);
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The password login keeps the ReturnUrl and has the address typed in already.
  await page.getByRole("link", { name: t.password }).click();
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();
  await expect(page).toHaveURL(/\/dsone\/password-login\?ReturnUrl=%2Fdemo%2Fdsone%2Fui&email=gone%40nowhere.invalid$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("in Arabic, Maverick Safe says it right to left, the address and reference kept left to right", async ({ browser, app, baseURL }) => {
  const email = "ghost@nowhere.invalid";
  addAccount(app, email);
  const context = await browser.newContext({ baseURL: baseURL as string, locale: "ar" });
  const page = await context.newPage();
  await page.goto(MAVERICK);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "maverick");
  await askForLink(
    page,
    email,
    new RegExp(`^(${arabicShared.login.emailLabel}|${arabicShared.login.emailLabelWithSocial})$`),
    arabicShared.login.continue,
  );
  await expect(page.getByRole("heading", { name: arabic.undelivered.title })).toBeVisible({ timeout: 10_000 });
  const panel = page.getByRole("alert");
  await expect(panel).toContainText(arabic.undelivered.notDelivered);
  await expect(panel).toContainText(arabic.undelivered.reasons.no_mailbox);
  await expect(panel.locator("bdi[dir=ltr]")).toHaveText(email);
  await expect(page.getByText(arabic.undelivered.supportWithReference)).toBeVisible();
  await expect(page.getByText(arabic.undelivered.reference)).toBeVisible();
  await referenceOn(page);
  await expect(page.getByRole("button", { name: arabicShared.checkEmail.useAnotherEmail })).toBeVisible();
  await expect(page.getByRole("link", { name: arabic.undelivered.password })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test("a mail the receiving server keeps waiting adds a line, and the rest of Check Your Email stays", async ({ page }) => {
  await page.route("**/api/access-link/wait", (route) => route.fulfill({ json: { state: "waiting", number: 42, slow: true } }));
  await page.goto(DSONE);
  await askForLink(page, "new.customer@example.com", /^(Enter your email|Use another email)$/, "Continue");
  await expect(page.getByText("This is taking longer than usual. We are still trying to deliver the email.")).toBeVisible();
  await expect(page.getByText("We sent a personal access link to new.customer@example.com.")).toBeVisible();
  await expect(page.locator(".approval-number__value")).toHaveText("42");
  await expect(page.getByRole("button", { name: /^Resend in \d+ s$/ })).toBeVisible();
});

test.describe("under the test's clock", () => {
  // A page under a test's clock keeps no performance marks: page.goto cannot wait for the app-started mark.
  test.use({ waitForApp: false });

  test("Resend on Check Your Email shows the panel when the address has bounced meanwhile", async ({ page, app }) => {
    const email = "later@nowhere.invalid";
    addAccount(app, email);
    // The wait is kept from telling, as when the bounce comes back only after a while.
    await page.route("**/api/access-link/wait", (route) => route.fulfill({ json: { state: "waiting", number: 42 } }));
    await page.clock.install();
    await page.goto(DSONE);
    await askForLink(page, email, /^(Enter your email|Use another email)$/, "Continue");
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect
      .poll(() => app.query("select delivery from outbox where to_key = ?", email).map((row) => row.delivery), { timeout: 10_000 })
      .toEqual(["refused"]);
    await page.clock.runFor(31_000);
    await page.getByRole("button", { name: "Resend", exact: true }).click();
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(t.reasons.no_mailbox);
    await expect(page.getByText("We sent another link.")).toHaveCount(0);
    await referenceOn(page);
  });
});
