import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import * as client from "openid-client";
import type { AccountExport, MyAccount } from "../common/api/contract.ts";
import { linkIn, type SmtpSink, subjectOf } from "../test/support/smtp-sink.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { desktopAgentSignIn } from "./desktop-agent.ts";
import { expect, test } from "./fixtures.ts";

const EMAIL = "password.customer@example.com";
const PASSWORD = "demo-password";
const NEW_PASSWORD = "a brand new passphrase 42";
const NEW_BROWSER = /^New sign-in to your DS One account$/;

/** Sign-in through the page itself: the account page sends a visitor to sign in and back. */
async function signInWithLinkFromAccountPage(page: Page, mail: SmtpSink) {
  const since = mail.messages.length;
  await page.goto("/dsone/account");
  await page.getByLabel("Enter your email").fill(EMAIL);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(EMAIL, { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Your Account", exact: true })).toBeVisible();
}

async function signInWithPassword(browser: Browser, baseURL: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent(`${baseURL}/dsone/account`)}`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Your Account", exact: true })).toBeVisible();
  return page;
}

/** The states the screen walk cannot reach (they need a real link or a click), checked in both themes. */
async function expectNoAxeViolationsInBothThemes(page: Page) {
  for (const colorScheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
}

/** Mails of a kind sent to the customer so far. */
const countMails = (mail: SmtpSink, subject: RegExp) =>
  mail.messages.filter((message) => message.to.includes(EMAIL) && subject.test(subjectOf(message.raw))).length;

/**
 * The customer's journey through the account page, declared by a spec file per database
 * (account.spec.ts on SQLite, account-postgres.spec.ts on PostgreSQL), each with a server of its
 * own, since it deletes a demo account.
 */
export function accountPageJourney(): void {
  test("two browsers and the desktop agent, signed out from the page; password; data; deletion by email", async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL as string;

    // This browser signs in by link, coming back to the page; another by password.
    await signInWithLinkFromAccountPage(page, mail);
    const other = await signInWithPassword(browser, origin, PASSWORD);
    // The second browser's sign-in is announced, once; the first sign-in was not.
    await mail.waitFor(EMAIL, { subject: NEW_BROWSER });
    const agent = await desktopAgentSignIn(page, origin);

    await page.goto("/dsone/account");
    // The license, with the day the account got it, as this browser writes days.
    const { licenses } = (await (await page.request.get("/api/me")).json()) as MyAccount;
    expect(licenses).toEqual([{ product: "dsone", state: "Active", since: expect.any(Number) }]);
    const day = await page.evaluate((at) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(at), licenses[0]?.since);
    await expect(page.getByRole("listitem").filter({ hasText: /^DS One:/ })).toHaveText(`DS One: Active since ${day}`);
    const browsers = page.getByRole("region", { name: "Where you're signed in" });
    await expect(browsers.getByRole("button", { name: "Sign out this browser" })).toBeVisible();
    await expect(browsers.getByRole("button", { name: /^Sign out Chrome/ })).toHaveCount(1);
    await expect(browsers.getByText("DS One desktop app")).toBeVisible();

    // The other browser, signed out from here: its next request is signed out.
    await browsers.getByRole("button", { name: /^Sign out Chrome/ }).click();
    await expect(page.getByText(/is signed out\.$/)).toBeVisible();
    expect((await other.request.get("/api/me")).status()).toBe(401);

    // The desktop agent, signed out from here: its refresh token is refused.
    await browsers.getByRole("button", { name: "Sign out DS One desktop app" }).click();
    await expect(page.getByText("DS One desktop app is signed out.")).toBeVisible();
    await expect(client.refreshTokenGrant(agent.config, agent.refreshToken, undefined, { DPoP: agent.dpop })).rejects.toMatchObject({
      error: "invalid_grant",
    });

    // Each shows in recent activity.
    const activity = page.getByRole("region", { name: "Recent activity" });
    await expect(activity.getByText(/^A browser was signed out from /)).toBeVisible();
    await expect(activity.getByText(/^The DS One desktop app was signed out from /)).toBeVisible();
    await expect(activity.getByText(/^Signed in with your password from /)).toBeVisible();
    await expect(activity.getByText(/^Signed in with an emailed link from /)).toBeVisible();
    expect(countMails(mail, NEW_BROWSER)).toBe(1);

    // The password, changed with the current one: the new one signs in, the old one no longer.
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByLabel("Current Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save Password" }).click();
    await expect(page.getByRole("region", { name: "How you sign in" }).getByRole("status")).toContainText("Your password has been changed");
    const login = (password: string) => page.request.post("/api/dsone/password-login", { data: { Email: EMAIL, Password: password } });
    expect((await login(PASSWORD)).status()).toBe(401);
    await (await signInWithPassword(browser, origin, NEW_PASSWORD)).context().close();

    // Download my data: a file that parses and holds the trail.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download My Data" }).click()]);
    const data = JSON.parse(readFileSync(await download.path(), "utf8")) as AccountExport;
    expect(data.account.email).toBe(EMAIL);
    expect(data.activity.map((entry) => entry.event)).toEqual(expect.arrayContaining(["signed_in", "app_signed_out", "password_changed"]));

    // Delete my account, confirmed from the emailed link.
    const since = mail.messages.length;
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("button", { name: "Email Me the Link" }).click();
    await expect(page.getByText(`We sent a link to ${EMAIL}.`, { exact: false })).toBeVisible();
    // By its subject: the password change's notice above is delivered in the background, and may come after `since`.
    const link = linkIn(
      await mail.waitFor(EMAIL, { since, subject: /^Confirm deleting your DS One account$/ }),
      "/dsone/account/delete?token=",
    );
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Delete Your Account" })).toBeVisible();
    await expect(page.getByText(`This deletes the account ${EMAIL}:`)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page.getByRole("heading", { name: "Your Account Is Deleted" })).toBeVisible();
    await mail.waitFor(EMAIL, { since, subject: /is deleted/ });

    // The link, used again, says so.
    await page.goto(link);
    const refused = page.getByRole("heading", { name: "This Link Cannot Be Used" });
    await expect(refused).toBeVisible();
    // The title takes the focus for a screen reader's sake, without a control's ring around it.
    await expect(refused).toBeFocused();
    await expect(refused).toHaveCSS("outline-style", "none");

    // The email is unknown again.
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await page.getByLabel("Enter your email").fill(EMAIL);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  });
}
