import type { Browser, BrowserContext } from "@playwright/test";
import { strings as serverDe } from "../server/i18n/de.ts";
import { strings as serverEn } from "../server/i18n/en.ts";
import { linkIn, type SmtpSink, textOf } from "../test/support/smtp-sink.ts";
import { strings as webDe } from "../web/i18n/de/account.ts";
import { strings as webEn } from "../web/i18n/en/account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const PASSWORD = "demo-password";

/** Each brand in a language of its own: the words come from the catalogues the pages and mails use. */
const CASES = [
  { brand: "dsone", name: "DS One", email: "password.customer@example.com", locale: "en-US", web: webEn, mail: serverEn },
  { brand: "maverick", name: "Maverick Safe", email: "safe.customer@example.com", locale: "de-DE", web: webDe, mail: serverDe },
] as const;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function signedInContext(browser: Browser, baseURL: string, locale: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale });
  const answer = await context.request.post("/api/dsone/password-login", { data: { Email: email, Password: PASSWORD } });
  expect(answer.status()).toBe(200);
  return context;
}

const signedIn = async (context: BrowserContext) =>
  ((await (await context.request.get("/api/dsone/session")).json()) as { signedIn: boolean }).signedIn;

const mailTo = (mail: SmtpSink, to: string, subject: string, since: number) =>
  mail.waitFor(to, { since, subject: new RegExp(`^${literal(subject)}$`) });

/**
 * Changing the email from the account page, in Chromium, declared by a spec file per database
 * (email-change.spec.ts on SQLite, email-change-postgres.spec.ts on PostgreSQL): the new address
 * confirms on a phone, the old address gets both mails, the new one signs in and the old one is
 * unknown, a second browser is signed out, the undo restores the old address and signs everything
 * out, and the trail shows each step. DS One in English, Maverick Safe in German.
 */
export function emailChangeJourney(): void {
  for (const { brand, name, email, locale, web, mail: words } of CASES) {
    test(`${name} (${locale}): changed from the account page, confirmed on a phone, then undone from the old address`, async ({
      browser,
      baseURL,
      mail,
    }) => {
      test.setTimeout(90_000);
      const origin = baseURL as string;
      const t = web.account;
      const newEmail = `moved.${brand}@example.org`;
      const masked = `m…@example.org`;

      const owner = await signedInContext(browser, origin, locale, email);
      const other = await signedInContext(browser, origin, locale, email);
      const page = await owner.newPage();
      await page.goto(`/${brand}/account`);
      await expect(page.getByRole("heading", { name: t.title, exact: true })).toBeVisible();

      // Bad input first: the login's own words, nothing sent.
      await page.getByRole("button", { name: t.who.changeEmailName }).click();
      await page.getByLabel(t.who.newEmail).fill("not-an-address");
      await page.getByRole("button", { name: t.who.sendConfirmation }).click();
      await expect(page.getByText(web.validation.emailInvalid)).toBeVisible();
      await page.getByLabel(t.who.newEmail).fill(email.toUpperCase());
      await page.getByRole("button", { name: t.who.sendConfirmation }).click();
      await expect(page.getByText(words.errors.SAME_EMAIL)).toBeVisible();

      const since = mail.messages.length;
      await page.getByLabel(t.who.newEmail).fill(newEmail);
      await page.getByRole("button", { name: t.who.sendConfirmation }).click();
      await expect(page.getByText(t.who.sent(newEmail, email))).toBeVisible();
      await expectNoAxeViolations(page);

      // The old address is told at once; the new one gets the link and the code.
      const notice = await mailTo(mail, email, words.mail.emailChangeRequested.subject(name), since);
      // Read without the marks that keep an address whole inside a sentence (templates.ts).
      expect(textOf(notice).replace(/[\u2060\u2068\u2069]/g, "")).toContain(masked);
      const confirmation = await mailTo(mail, newEmail, words.mail.emailChange.subject(name), since);

      // On a phone, signed in nowhere: opening the link changes nothing, its button does.
      const phone = await browser.newContext({ baseURL: origin, locale, viewport: { width: 390, height: 844 } });
      const phonePage = await phone.newPage();
      await phonePage.goto(linkIn(confirmation, `/${brand}/account/confirm-email?token=`));
      await expect(phonePage.getByRole("heading", { name: t.emailChange.confirmTitle })).toBeVisible();
      await expect(phonePage.getByText(t.emailChange.confirmWhat(email, newEmail))).toBeVisible();
      expect(phonePage.url()).not.toContain("token=");
      await expectNoAxeViolations(phonePage);
      expect(await signedIn(other)).toBe(true);
      await phonePage.getByRole("button", { name: t.emailChange.confirm }).click();
      await expect(phonePage.getByRole("heading", { name: t.emailChange.confirmedTitle })).toBeVisible();
      await expect(phonePage.getByText(t.emailChange.confirmed(newEmail))).toBeVisible();
      expect(await signedIn(phone)).toBe(false);

      // The browser that asked stays signed in and shows the new address; the other is signed out.
      await page.reload();
      await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
      expect(await signedIn(other)).toBe(false);

      // The new address signs in by link; the old one has no account.
      const signInSince = mail.messages.length;
      const fresh = await browser.newContext({ baseURL: origin, locale });
      const productId = brand === "dsone" ? 6 : 7;
      expect((await fresh.request.post("/api/access-link", { data: { Email: newEmail, ProductId: productId } })).status()).toBe(200);
      const signInMail = await mail.waitFor(newEmail, { since: signInSince, subject: new RegExp(literal(name)) });
      const token = new URL(linkIn(signInMail, "/access-link?token=")).searchParams.get("token");
      expect((await fresh.request.post("/api/access-link/consume", { data: { token } })).status()).toBe(200);
      expect(await signedIn(fresh)).toBe(true);
      const unknown = await fresh.request.post("/api/access-link", { data: { Email: email, ProductId: productId } });
      expect(((await unknown.json()) as { isOk: boolean }).isOk).toBe(false);

      // The old address gets "Your email was changed", whose undo restores it and signs everything out.
      const changed = await mailTo(mail, email, words.mail.emailChanged.subject(name), since);
      await phonePage.goto(linkIn(changed, `/${brand}/account/undo-email-change?token=`));
      await expect(phonePage.getByRole("heading", { name: t.emailChange.undoTitle })).toBeVisible();
      await expectNoAxeViolations(phonePage);
      await phonePage.getByRole("button", { name: t.emailChange.undo }).click();
      await expect(phonePage.getByRole("heading", { name: t.emailChange.undoneTitle })).toBeVisible();
      expect(await signedIn(owner)).toBe(false);
      expect(await signedIn(fresh)).toBe(false);
      expect(await signedIn(phone)).toBe(false);

      // The new address hears of the undo at once, in the account's language (nobody there asked for
      // the mail); its "This wasn't me" tells support, moves nothing, signs nobody in.
      const backSubjects = [serverEn, words].map((catalogue) => literal(catalogue.mail.emailChangedBack.subject(name)));
      const changedBack = await mail.waitFor(newEmail, { since, subject: new RegExp(`^(${backSubjects.join("|")})$`) });
      const reporter = await browser.newContext({ baseURL: origin, locale });
      const reportPage = await reporter.newPage();
      await reportPage.goto(linkIn(changedBack, `/${brand}/account/email-changed-back?token=`));
      await expect(reportPage.getByRole("heading", { name: t.emailChange.disputeTitle })).toBeVisible();
      await expectNoAxeViolations(reportPage);
      await reportPage.getByRole("button", { name: t.emailChange.dispute }).click();
      await expect(reportPage.getByRole("heading", { name: t.emailChange.disputedTitle })).toBeVisible();
      await expect(reportPage.getByText(t.emailChange.disputedNext(name))).toBeVisible();
      expect(await signedIn(reporter)).toBe(false);

      // Back with the old address: the trail shows each step.
      const back = await signedInContext(browser, origin, locale, email);
      const me = (await (await back.request.get("/api/me")).json()) as { email: string; activity: { event: string }[] };
      expect(me.email).toBe(email);
      expect(me.activity.map((entry) => entry.event)).toEqual(
        expect.arrayContaining(["email_change_requested", "email_changed", "email_change_undone", "email_change_undo_disputed"]),
      );
      const trail = await back.newPage();
      await trail.goto(`/${brand}/account`);
      await expect(trail.getByText(t.activity.events.emailChangeUndone).first()).toBeVisible();
      await expect(trail.getByText(t.activity.events.emailChangeUndoDisputed).first()).toBeVisible();
      await Promise.all([owner.close(), other.close(), phone.close(), fresh.close(), reporter.close(), back.close()]);
    });
  }
}
