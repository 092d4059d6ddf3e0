import { linkIn, subjectOf } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";

/**
 * "This wasn't me" (docs/decisions/0067) in Chromium: a second browser signs in to the account,
 * the owner opens the "New sign-in" mail's button on a phone and presses it; the second browser is
 * signed out, and the phone that pressed it is signed in nowhere.
 */

const EMAIL = "password.customer@example.com";

// A server of its own: other tests sign this account in from new browsers too, and on a shared
// server they can use up its "New sign-in" mails for the hour (5 by default) before this test runs.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "true", NEW_SIGN_IN_MAIL_LIMIT_PER_ACCOUNT: "5" } });

test("the New sign-in mail's This wasn't me signs that browser out and signs nobody in", async ({ browser, baseURL, mail, app }) => {
  const session = async (context: { request: { get: (url: string) => Promise<{ json: () => Promise<unknown> }> } }) =>
    (await (await context.request.get("/api/dsone/session")).json()) as { signedIn: boolean };

  // The owner's own browser first: an account's first browser is never announced.
  const owner = await browser.newContext({ baseURL });
  await owner.request.post("/api/dsone/password-login", { data: { Email: EMAIL, Password: "demo-password" } });

  // The account may have signed in elsewhere before (other tests): the owner's own notice, if any,
  // is delivered before the stranger comes, so the stranger's is the next one.
  await expect.poll(() => app.query("select count(*) as n from outbox where sent_at is null and failed_at is null")[0]?.n).toBe(0);

  // Someone else, in a browser new to the account.
  const since = mail.messages.length;
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await strangerPage.getByLabel("Email").fill(EMAIL);
  await strangerPage.getByLabel("Password", { exact: true }).fill("demo-password");
  await strangerPage.getByRole("button", { name: "Login", exact: true }).click();
  await expect(strangerPage.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  expect((await session(stranger)).signedIn).toBe(true);

  await mail.waitFor(EMAIL, { since, subject: /^New sign-in to your DS One account$/ });
  await expect.poll(() => app.query("select count(*) as n from outbox where sent_at is null and failed_at is null")[0]?.n).toBe(0);
  // The newest notice is the stranger's.
  const notice = mail.messages
    .slice(since)
    .filter((message) => message.to.includes(EMAIL) && subjectOf(message.raw) === "New sign-in to your DS One account")
    .at(-1);
  if (!notice) throw new Error("no New sign-in mail for the stranger");
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(linkIn(notice, "/dsone/account/not-me?token="));
  await expect(page.getByRole("heading", { name: "Wasn't You?" })).toBeVisible();
  await expect(page.getByText(/signed in to your account on/)).toBeVisible();
  expect(page.url()).not.toContain("token=");
  // Opening it changed nothing.
  expect((await session(stranger)).signedIn).toBe(true);

  await page.getByRole("button", { name: "Sign Out That Browser" }).click();
  await expect(page.getByRole("heading", { name: "That Browser Is Signed Out" })).toBeVisible();
  expect((await session(stranger)).signedIn).toBe(false);
  expect((await session(phone)).signedIn).toBe(false);
  // The owner's own browser stays signed in; the page offers an emailed link to review the account.
  expect((await session(owner)).signedIn).toBe(true);
  await page.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
  await expect(page.getByText(`We sent a sign-in link to ${EMAIL}.`)).toBeVisible();
  await Promise.all([owner.close(), stranger.close(), phone.close()]);
});
