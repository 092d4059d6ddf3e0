import type { Page } from "@playwright/test";
import { freePort } from "../test/support/spawn-server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// An empty value counts as unset: the server's default, the stand-in Google at /dev/google.
// The demo apps (OpenID relying parties) on a port of their own, for the authorization journey.
// The demo apps on a free port, named here because the tests visit them.
const APPS = `http://localhost:${await freePort()}`;
test.use({ serverEnv: { GOOGLE_STAND_IN: "", DEMO_APPS_URL: APPS } });

const DSONE_LOGIN = "/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui";

interface StandInChoice {
  email: string;
  subject?: string;
  verified?: boolean;
}

/** Presses Continue with Google and answers the stand-in's "Choose an account" page. */
async function continueWithGoogle(page: Page, choice: StandInChoice): Promise<void> {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(choice.email);
  if (choice.subject) await page.getByLabel(/^Subject/).fill(choice.subject);
  if (choice.verified === false) await page.getByLabel("Google has verified this email").uncheck();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  const session = await (await page.request.get("/api/dsone/session")).json();
  return session.signedIn ? session.email : undefined;
}

test("DS One: Continue with Google signs a customer in and lands on the ReturnUrl", async ({ page, baseURL, app }) => {
  await page.goto(DSONE_LOGIN);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await expect(page.getByText("Or", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Use another email")).toBeVisible();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "password.customer@example.com" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
  const links = app.query(
    "select provider, external_logins.email from external_logins join accounts on accounts.id = account_id where accounts.email = ?",
    "password.customer@example.com",
  );
  expect(links).toEqual([{ provider: "google", email: "password.customer@example.com" }]);
  // Nothing of the exchange is left in the browser.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("google_signin");
});

test("Maverick Safe: the password dialog offers Google by default and it lands on the ReturnUrl", async ({ page, baseURL }) => {
  // The earlier Maverick login (qatest) shows the same dialog with the same button.
  await page.goto("/maverick/login?qatest=1");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();

  await page.goto("/maverick/password-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a");
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await expectNoAxeViolations(page);
  await continueWithGoogle(page, { email: "safe.customer@example.com" });
  await expect(page).toHaveURL(`${baseURL}/demo/maverick/my-account`);
  await expect(page.getByText("Signed in as safe.customer@example.com")).toBeVisible();
});

test("a second sign-in finds the account by its Google subject after the Google email changed", async ({ page, baseURL }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithGoogle(page, { email: "new.customer@example.com", subject: "google-subject-1001" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await page.context().clearCookies();

  await page.goto(DSONE_LOGIN);
  // No account has this address: only the subject can find the customer.
  await continueWithGoogle(page, { email: "renamed.customer@example.net", subject: "google-subject-1001" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as new.customer@example.com")).toBeVisible();
});

test("an email without an account shows Account Not Found, as the access-link flow does", async ({ page }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithGoogle(page, { email: "nobody.here@example.com" });
  await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  await expect(page.getByText("nobody.here@example.com")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Try Another Email" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=%2Fdemo%2Fdsone%2Fui$/);
  expect(await signedInEmail(page)).toBeUndefined();
});

test("an unverified Google email is refused with its screen and a way back to the login", async ({ page }) => {
  await page.goto(DSONE_LOGIN);
  await continueWithGoogle(page, { email: "password.customer@example.com", verified: false });
  await expect(page.getByRole("heading", { name: "Your Google Email Is Not Verified" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await signedInEmail(page)).toBeUndefined();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=%2Fdemo%2Fdsone%2Fui$/);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("a cancelled consent shows its screen in the brand that started it", async ({ page }) => {
  await page.goto("/maverick/password-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "Google Sign-In Was Cancelled" })).toBeVisible();
  await expect(page).toHaveURL(/\/maverick\/social-sign-in\?/);
  await expectNoAxeViolations(page);
  expect(await signedInEmail(page)).toBeUndefined();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/maverick\/email-login\?ReturnUrl=%2Fdemo%2Fmaverick%2Fui$/);
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
});

test("a replayed callback is refused and signs nobody in", async ({ page, baseURL }) => {
  await page.goto(DSONE_LOGIN);
  const callback = page.waitForRequest(/\/signin-google\?/);
  await continueWithGoogle(page, { email: "password.customer@example.com" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  const callbackUrl = (await callback).url();
  await page.context().clearCookies();

  await page.goto(callbackUrl);
  await expect(page.getByRole("heading", { name: "This Sign-In Has Expired" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await signedInEmail(page)).toBeUndefined();
});

test("a tampered state is refused and signs nobody in", async ({ page, baseURL }) => {
  await page.goto(DSONE_LOGIN);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  // The stand-in's answer is followed by hand (the browser's cookies go along) up to the redirect
  // back to us, which the browser then opens with one character of the state changed.
  const chosen = await page.request.post(page.url(), {
    form: { email: "password.customer@example.com", verified: "on" },
    headers: { origin: baseURL as string },
    maxRedirects: 0,
  });
  const resumed = await page.request.get(chosen.headers().location as string, { maxRedirects: 0 });
  const callback = new URL(resumed.headers().location as string);
  expect(callback.pathname).toBe("/signin-google");
  const state = callback.searchParams.get("state") as string;
  callback.searchParams.set("state", `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`);
  await page.goto(callback.href);
  await expect(page.getByRole("heading", { name: "This Sign-In Has Expired" })).toBeVisible();
  expect(await signedInEmail(page)).toBeUndefined();
});

test("an off-site ReturnUrl is not followed: the sign-in lands on the brand's own address", async ({ page, baseURL }) => {
  await page.goto("/dsone/login?ReturnUrl=https%3A%2F%2Fevil.example%2Fsteal");
  await continueWithGoogle(page, { email: "password.customer@example.com" });
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});

test("an app's authorization request resumes after Google: the app is signed in", async ({ page, baseURL }) => {
  await page.goto(`${APPS}/dsone/`);
  await page.getByRole("link", { name: "Sign in to DS One" }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dsone/login\\?ReturnUrl=%2Fconnect%2Fauthorize%2Fcallback%3Fuid%3D`));
  await continueWithGoogle(page, { email: "password.customer@example.com" });
  await expect(page).toHaveURL(`${APPS}/dsone/`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});
