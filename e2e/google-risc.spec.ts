import type { Browser, Page } from "@playwright/test";
import { linkIn, subjectOf } from "../test/support/smtp-sink.ts";
import { TestIssuer } from "../test/support/test-issuer.ts";
import { strings as arabic } from "../web/i18n/ar/social-sign-in.ts";
import { strings } from "../web/i18n/en/account.ts";
import { strings as english } from "../web/i18n/en/social-sign-in.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Google's Cross-Account Protection (docs/decisions/0091), end to end: a Google of the test's own
 * signs security event tokens with the key its risc-configuration names, and posts them to the
 * server's /google/risc as Google would. A signed sessions-revoked ends the customer's sign-ins at
 * once; a forged, foreign or replayed one ends nothing; a hijacking holds Google sign-in, which the
 * account page explains and support clears in the console.
 */
const google = await new TestIssuer().start();
test.use({
  serverEnv: {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER_URL: google.url,
    NEW_SIGN_IN_MAIL: "false",
  },
});
test.afterAll(async () => {
  await google.close();
});

const SESSIONS_REVOKED = "https://schemas.openid.net/secevent/risc/event-type/sessions-revoked";
const ACCOUNT_DISABLED = "https://schemas.openid.net/secevent/risc/event-type/account-disabled";
const CHANGE_REQUIRED = "https://schemas.openid.net/secevent/risc/event-type/account-credential-change-required";
const PASSWORD = "demo-password";
const t = strings.account.methods;

/** Posts a token as Google does: no browser, no cookie, its own content type. */
async function deliver(baseURL: string, token: string): Promise<number> {
  const response = await fetch(`${baseURL}/google/risc`, {
    method: "POST",
    headers: { "content-type": "application/secevent+jwt" },
    body: token,
  });
  return response.status;
}

async function signedInWithPassword(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const response = await page.request.post("/api/dsone/password-login", { data: { Email: email, Password: PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

const signedIn = async (page: Page) => ((await (await page.request.get("/api/dsone/session")).json()) as { signedIn: boolean }).signedIn;

test("a signed sessions-revoked signs the customer out at once; forged, foreign and replayed ones end nothing", async ({
  browser,
  baseURL,
  app,
}) => {
  const origin = baseURL as string;
  const email = "password.customer@example.com";
  const subject = "google-subject-risc-1";
  app.sql(
    `insert into external_logins (provider, subject, account_id, email, created_at, last_used_at)
     select 'google', '${subject}', id, email, 0, 0 from accounts where email = '${email}'`,
  );
  const customer = await signedInWithPassword(browser, origin, email);
  await customer.goto("/dsone/account");
  await expect(customer.getByRole("heading", { name: "Your Account", exact: true })).toBeVisible();

  expect(await deliver(origin, await google.securityEvent(SESSIONS_REVOKED, subject, { signedBy: "stranger" }))).toBe(400);
  expect(await deliver(origin, await google.securityEvent(SESSIONS_REVOKED, subject, { claims: { aud: "another.apps.example" } }))).toBe(
    400,
  );
  expect(
    await deliver(origin, await google.securityEvent(SESSIONS_REVOKED, subject, { claims: { iss: "https://accounts.example.net/" } })),
  ).toBe(400);
  expect(await signedIn(customer)).toBe(true);

  const token = await google.securityEvent(SESSIONS_REVOKED, subject);
  expect(await deliver(origin, token)).toBe(202);
  expect(await signedIn(customer)).toBe(false);
  await customer.reload();
  await expect(customer.getByRole("heading", { name: "Your Account", exact: true })).toHaveCount(0);

  // Signed in again, the same token once more ends nothing.
  const again = await signedInWithPassword(browser, origin, email);
  expect(await deliver(origin, token)).toBe(400);
  expect(await signedIn(again)).toBe(true);
});

test("a hijacking holds Google sign-in: the customer is told by mail and on the account page, and support clears it", async ({
  browser,
  baseURL,
  app,
  mail,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL as string;
  // Passwordless: only the emailed link, which does not end the hold, and Google.
  const email = "new.customer@example.com";
  const subject = "google-subject-risc-2";
  app.sql(
    `insert into external_logins (provider, subject, account_id, email, created_at, last_used_at)
     select 'google', '${subject}', id, email, 0, 0 from accounts where email = '${email}'`,
  );
  const since = mail.messages.length;
  expect(await deliver(origin, await google.securityEvent(CHANGE_REQUIRED, subject))).toBe(202);
  expect(await deliver(origin, await google.securityEvent(ACCOUNT_DISABLED, subject, { event: { reason: "hijacking" } }))).toBe(202);
  const told = await mail.waitFor(email, { since });
  expect(subjectOf(told.raw)).toBe("Signing in with Google to your DS One account is paused");

  // The customer signs in with the emailed link: the account page says why Google is paused.
  const customer = await (await browser.newContext({ baseURL: origin })).newPage();
  const asked = mail.messages.length;
  expect((await customer.request.post("/api/access-link", { data: { Email: email, ProductId: 6 } })).status()).toBe(200);
  await customer.goto(linkIn(await mail.waitFor(email, { since: asked }), "/dsone/access-link?token="));
  await customer.getByRole("button", { name: "Sign In" }).click();
  await customer.waitForURL((url) => !url.pathname.includes("access-link"));
  expect(await signedIn(customer)).toBe(true);
  for (const brand of ["dsone", "maverick"]) {
    await customer.goto(`/${brand}/account`);
    const methods = customer.getByRole("region", { name: t.heading });
    await expect(methods.getByText(/Google told us that someone else may have taken over your Google account/)).toBeVisible();
    await expect(methods.getByText(/Google asked you to change your Google account's password/)).toBeVisible();
    for (const colorScheme of ["dark", "light"] as const) {
      await customer.emulateMedia({ colorScheme });
      await expectNoAxeViolations(customer);
    }
    await customer.setViewportSize({ width: 360, height: 740 });
    expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await customer.setViewportSize({ width: 1280, height: 800 });
  }
  const activity = customer.getByRole("region", { name: "Recent activity" });
  await expect(activity.getByText(/^Google said your Google account may have been taken over/)).toBeVisible();

  // Support sees the hold and clears it, with a reason.
  const agent = await signedInWithPassword(browser, origin, "support.agent@example.com");
  await agent.goto("/admin/support");
  await agent.getByLabel(/^Email, or its beginning/).fill("new.cust");
  await agent.getByRole("button", { name: "Search" }).click();
  await agent.getByRole("link", { name: email }).click();
  const told2 = agent.getByRole("region", { name: "What Google told us" });
  await expect(told2.getByText(/^Google sign-in held since /)).toBeVisible();
  await expectNoAxeViolations(agent);
  const acts = agent.getByRole("region", { name: "Act" });
  await acts.getByLabel(/^Reason/).fill("Ticket 9191: secured with Google");
  await told2.getByRole("button", { name: `Clear the Google sign-in hold on ${email}` }).click();
  await expect(acts.getByRole("status")).toHaveText(`Google signs ${email} in again: the hold is cleared.`);
  await expect(told2.getByText(/^Google sign-in held since /)).toHaveCount(0);
  await expect(
    agent.getByRole("region", { name: "Trail" }).getByRole("row", { name: /Google said the Google account was hijacked/ }),
  ).toHaveCount(1);
});

test("a held Google sign-in says why on each brand's screen, light and dark, phone and desktop, in Arabic too", async ({
  browser,
  baseURL,
}) => {
  const held = english.socialSignIn.held;
  for (const locale of ["en-GB", "ar-EG"]) {
    const page = await (await browser.newContext({ baseURL: baseURL as string, locale })).newPage();
    const title = locale === "ar-EG" ? arabic.socialSignIn.held.title : held.title;
    for (const [brand, role] of [
      ["dsone", "heading"],
      ["maverick", "dialog"],
    ] as const) {
      await page.goto(`/${brand}/social-sign-in?ReturnUrl=%2Fdemo%2F${brand}%2Fui&problem=held`);
      await expect(page.getByRole(role, { name: title })).toBeVisible();
      if (locale === "ar-EG") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      else await expect(page.getByText(held.text)).toBeVisible();
      for (const colorScheme of ["dark", "light"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page);
      }
      // On a phone, the words wrap: nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.context().close();
  }
});
