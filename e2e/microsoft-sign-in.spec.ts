import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// An empty value counts as unset: the server's default, the stand-in Microsoft at /dev/microsoft,
// which answers as Microsoft's common authority does (personal accounts and work tenants).
test.use({ serverEnv: { MICROSOFT_STAND_IN: "" } });

const DSONE_LOGIN = "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui";

interface StandInChoice {
  email: string;
  subject?: string;
  /** A work or school account of a tenant, with or without the domain owner's verification. */
  work?: { verified: boolean };
}

/** Presses Continue with Microsoft and answers the stand-in's "Pick an account" page. */
async function continueWithMicrosoft(page: Page, choice: StandInChoice): Promise<void> {
  await page.getByRole("button", { name: "Continue with Microsoft" }).click();
  await expect(page.getByRole("heading", { name: "Pick an account" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(choice.email);
  if (choice.subject) await page.getByLabel(/^Subject/).fill(choice.subject);
  if (choice.work) {
    await page.getByLabel("Work or school account").check();
    if (choice.work.verified) await page.getByLabel(/domain's owner verified/).check();
  }
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  const session = await (await page.request.get("/api/dsone/session")).json();
  return session.signedIn ? session.email : undefined;
}

test("DS One: a personal Microsoft account signs in to its customer and lands on the ReturnUrl", async ({ page, baseURL, app }) => {
  await page.goto(DSONE_LOGIN);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await expect(page.getByText("Or", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Use another email")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue with Microsoft" }).click();
  await expect(page.getByRole("heading", { name: "Pick an account" })).toBeVisible();
  await page.getByRole("button", { name: "password.customer@example.com" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
  const links = app.query(
    "select provider, external_logins.email, tenant_id from external_logins join accounts on accounts.id = account_id where accounts.email = ?",
    "password.customer@example.com",
  );
  expect(links).toEqual([
    { provider: "microsoft", email: "password.customer@example.com", tenant_id: "9188040d-6c67-4c5b-b112-36a304b66dad" },
  ]);
  // Nothing of the exchange is left in the browser.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("microsoft_signin");
});

test("Maverick Safe: the password dialog offers Microsoft and it lands on the ReturnUrl", async ({ page, baseURL }) => {
  await page.goto("/maverick/password-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a");
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await continueWithMicrosoft(page, { email: "safe.customer@example.com" });
  await expect(page).toHaveURL(`${baseURL}/demo/maverick/my-account`);
  await expect(page.getByText("Signed in as safe.customer@example.com")).toBeVisible();
});

test("a second sign-in finds the account by its Microsoft subject after the address changed", async ({ page, baseURL }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithMicrosoft(page, { email: "new.customer@example.com", subject: "microsoft-subject-1001" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await page.context().clearCookies();

  await page.goto(DSONE_LOGIN);
  // No account has this address: only the subject can find the customer.
  await continueWithMicrosoft(page, { email: "renamed.customer@outlook.example", subject: "microsoft-subject-1001" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as new.customer@example.com")).toBeVisible();
});

test("a work account claiming a customer's address without xms_edov never signs in to that account", async ({ page, app }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithMicrosoft(page, {
    email: "password.customer@example.com",
    subject: "attacker-work-subject",
    work: { verified: false },
  });
  await expect(page.getByRole("heading", { name: "Confirm Your Email First" })).toBeVisible();
  await expect(page).toHaveURL(/\/dsone\/social-sign-in\?/);
  await expectNoAxeViolations(page);
  expect(await signedInEmail(page)).toBeUndefined();
  expect(app.query("select subject from external_logins where subject = ?", "attacker-work-subject")).toEqual([]);
  // The way back is the brand's login, with the query the sign-in started with.
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=%2Fdemo%2Fdsone%2Fui$/);

  // Once more, the same: a second try does not link it either.
  await continueWithMicrosoft(page, {
    email: "password.customer@example.com",
    subject: "attacker-work-subject",
    work: { verified: false },
  });
  await expect(page.getByRole("heading", { name: "Confirm Your Email First" })).toBeVisible();
  expect(await signedInEmail(page)).toBeUndefined();
});

test("a work account whose domain owner verified the address (xms_edov) signs in and is linked", async ({ page, baseURL }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithMicrosoft(page, { email: "password.customer@example.com", subject: "work-subject-verified", work: { verified: true } });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});

test("an address without an account shows Account Not Found, and a cancel its screen", async ({ page }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithMicrosoft(page, { email: "nobody.here@outlook.example" });
  await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  await expect(page.getByText("nobody.here@outlook.example")).toBeVisible();
  expect(await signedInEmail(page)).toBeUndefined();

  await page.goto("/maverick/password-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui");
  await page.getByRole("button", { name: "Continue with Microsoft" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "Microsoft Sign-In Was Cancelled" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/maverick\/email-login\?ReturnUrl=%2Fdemo%2Fmaverick%2Fui$/);
});

test("the account page lists Microsoft under How you sign in, and unlinks it", async ({ page, baseURL, app }) => {
  // The server is the worker's: the logins the tests before linked go, so this one is the only row.
  app.sql("delete from external_logins");
  await page.goto(DSONE_LOGIN);
  await continueWithMicrosoft(page, { email: "password.customer@example.com", subject: "microsoft-subject-account-page" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await page.goto("/dsone/account");
  const methods = page.getByRole("region", { name: "How you sign in" });
  await expect(methods.getByText("Linked to password.customer@example.com")).toBeVisible();
  await expect(page.getByText("Microsoft was linked").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await methods.getByRole("button", { name: "Unlink Microsoft account password.customer@example.com" }).click();
  await expect(methods.getByText("Microsoft is unlinked.")).toBeVisible();
  await expect(methods.getByText("Not linked. Continue with Microsoft on a sign-in screen to link it.")).toBeVisible();
});
