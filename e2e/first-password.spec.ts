import { linkIn, sixDigitsIn } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A first password is a new way in (docs/decisions/0078): a passwordless customer whose sign-in is
 * older than 10 minutes confirms it is them with a code emailed to them, in place, and the
 * password they typed is then saved, without typing it again.
 */

// A server of its own: the customer's first password must not reach the other specs' demo account.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false" } });

const EMAIL = "new.customer@example.com";
const LINK_MAIL = /^Your DS One sign-in link$/;

test("an old sign-in confirms by emailed code, then the first password typed is saved", async ({ page, baseURL, mail, app }) => {
  let since = mail.messages.length;
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}/dsone/account`)}`);
  await page.getByLabel("Enter your email").fill(EMAIL);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.goto(linkIn(await mail.waitFor(EMAIL, { since, subject: LINK_MAIL }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dsone\/account$/);
  // The sign-in is now older than 10 minutes: a cookie copied off this computer would look the same.
  app.sql("update sessions set created_at = created_at - 11 * 60 * 1000");

  const methods = page.getByRole("region", { name: "How you sign in" });
  await methods.getByRole("button", { name: "Set a Password" }).click();
  await methods.getByLabel("New Password", { exact: true }).fill("a first password of mine");
  await methods.getByLabel("Confirm Password", { exact: true }).fill("a first password of mine");
  await methods.getByRole("button", { name: "Save Password" }).click();

  const confirm = methods.getByRole("form", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  expect(app.query("select password_hash from accounts where email = ?", EMAIL)[0]?.password_hash).toBeNull();
  since = mail.messages.length;
  await confirm.getByRole("button", { name: "Email Me a Code" }).click();
  const codeMail = await mail.waitFor(EMAIL, { since, subject: /confirmation code/ });
  await confirm.getByLabel("6-digit code").fill(sixDigitsIn(codeMail));
  await confirm.getByRole("button", { name: "Confirm" }).click();

  await expect(methods.getByText("Your password is set.")).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(app.query("select password_hash from accounts where email = ?", EMAIL)[0]?.password_hash).not.toBeNull();
});
