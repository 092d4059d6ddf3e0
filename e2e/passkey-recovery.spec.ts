import { linkIn, sixDigitsIn } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

/**
 * Taking a passkey back, as the owner does it in Chromium (docs/decisions/0065): a sign-in older
 * than 10 minutes confirms it is the owner before adding one, with a code emailed to them; the
 * owner is mailed as it is added, and the mail's link removes it once its button is pressed; "Sign
 * Out Everywhere Else" offers to remove the recent ones too.
 */

const EMAIL = "new.customer@example.com";
/**
 * The sign-in link's mail, by its subject: this test's own notices ("A passkey was added") are
 * delivered in the background and may arrive after a link was asked for, before the link's mail.
 */
const LINK_MAIL = /^Your DS One sign-in link$/;

test("an old sign-in confirms by emailed code before adding a passkey; the mail's link and a sign-out remove them", async ({
  browser,
  baseURL,
  mail,
  app,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await addAuthenticator(page);

  let since = mail.messages.length;
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}/dsone/account`)}`);
  await page.getByLabel("Enter your email").fill(EMAIL);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.goto(linkIn(await mail.waitFor(EMAIL, { since, subject: LINK_MAIL }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  // The offer right after the sign-in is declined: the passkey is added from the account page.
  await page.getByRole("button", { name: "Not now" }).click();
  await expect(page).toHaveURL(/\/dsone\/account$/);
  // The sign-in is now older than 10 minutes: a cookie copied off this computer would look the same.
  app.sql("update sessions set created_at = created_at - 11 * 60 * 1000");

  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a Passkey" }).click();
  const confirm = passkeys.getByRole("form", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  since = mail.messages.length;
  await confirm.getByRole("button", { name: "Email Me a Code" }).click();
  const codeMail = await mail.waitFor(EMAIL, { since, subject: /confirmation code/ });
  await confirm.getByLabel("6-digit code").fill(sixDigitsIn(codeMail));
  since = mail.messages.length;
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(passkeys.getByText("Your passkey is added.")).toBeVisible();
  await expect(passkeys.getByText("Made in this browser")).toBeVisible();

  // The owner is told at once; opening the mail's link removes nothing, its button does.
  const notice = await mail.waitFor(EMAIL, { since, subject: /A passkey was added/ });
  const other = await browser.newContext({ baseURL });
  const phone = await other.newPage();
  await phone.goto(linkIn(notice, "/dsone/account/remove-passkey?token="));
  await expect(phone.getByRole("heading", { name: "Remove This Passkey?" })).toBeVisible();
  expect(phone.url()).not.toContain("token=");
  expect(app.query("select count(*) as n from passkeys")[0]?.n).toBe(1);
  await phone.getByRole("button", { name: "Remove Passkey" }).click();
  await expect(phone.getByRole("heading", { name: "Passkey Removed" })).toBeVisible();
  expect(app.query("select count(*) as n from passkeys")[0]?.n).toBe(0);
  // The browser that added it is signed out with it.
  await page.reload();
  await expect(page).not.toHaveURL(/\/dsone\/account$/);
  await other.close();

  // Signed in again (recent now), a passkey added, then "Sign Out Everywhere Else" removes it too.
  since = mail.messages.length;
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}/dsone/account`)}`);
  await page.getByLabel("Enter your email").fill(EMAIL);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.goto(linkIn(await mail.waitFor(EMAIL, { since, subject: LINK_MAIL }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  // "Not now" is remembered in this browser: straight to the account page, where a fresh sign-in adds one at once.
  await expect(page).toHaveURL(/\/dsone\/account$/);
  await passkeys.getByRole("button", { name: "Add a Passkey" }).click();
  await expect(passkeys.getByText("Your passkey is added.")).toBeVisible();
  const secondBrowser = await browser.newContext({ baseURL });
  const places = page.getByRole("region", { name: "Where you're signed in" });
  // Another app or browser of the account is needed for the button: a second browser signs in by link.
  since = mail.messages.length;
  const secondPage = await secondBrowser.newPage();
  await secondPage.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await secondPage.getByLabel("Enter your email").fill(EMAIL);
  await secondPage.getByRole("button", { name: "Continue" }).click();
  await secondPage.goto(linkIn(await mail.waitFor(EMAIL, { since, subject: LINK_MAIL }), "/dsone/access-link?token="));
  await secondPage.getByRole("button", { name: "Sign In" }).click();
  await page.reload();
  await places.getByRole("button", { name: "Sign Out Everywhere Else" }).click();
  const offered = places.getByRole("checkbox");
  await expect(offered).toHaveCount(1);
  await expect(offered).toBeChecked();
  await places.getByRole("button", { name: "Sign Out Everywhere Else Now" }).click();
  await expect(places.getByText("Every other browser and app is signed out.")).toBeVisible();
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await secondBrowser.close();
  await context.close();
});
