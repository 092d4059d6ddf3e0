import type { Page } from "@playwright/test";
import { linkIn } from "../test/support/smtp-sink.ts";
import { freePort } from "../test/support/spawn-server.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The cross-origin journey: the demo DS One and Maverick Safe web apps (OpenID relying parties on
 * their own port) sign in through /connect/authorize on the account server's existing screens.
 */
// The demo apps on a free port, named here because the tests visit them.
const APPS = `http://localhost:${await freePort()}`;
test.use({ serverEnv: { DEMO_APPS_URL: APPS } });

async function startSignIn(page: Page, brand: "dsone" | "maverick", name: string): Promise<void> {
  await page.goto(`${APPS}/${brand}/`);
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();
  await page.getByRole("link", { name: `Sign in to ${name}` }).click();
}

async function expectSignedIn(page: Page, brand: string, email: string): Promise<void> {
  await expect(page).toHaveURL(`${APPS}/${brand}/`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole("row", { name: /^email / })).toContainText(email);
  await expect(page.getByRole("row", { name: /^sub / })).toBeVisible();
}

test("DS One app: access link through the real SMTP sink, then Maverick Safe silently, then logout ends both", async ({
  page,
  mail,
  baseURL,
}) => {
  const email = "new.customer@example.com";
  await startSignIn(page, "dsone", "DS One");
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dsone/login\\?ReturnUrl=%2Fconnect%2Fauthorize%2Fcallback%3Fuid%3D`));
  const since = mail.messages.length;
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(email, { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectSignedIn(page, "dsone", email);

  // The second app signs in without any screen.
  await startSignIn(page, "maverick", "Maverick Safe");
  await expectSignedIn(page, "maverick", email);

  // Sign out of DS One through endsession: back at the app, signed out, and so is Maverick Safe.
  await page.goto(`${APPS}/dsone/`);
  await page.getByRole("link", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${APPS}/dsone/`);
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();
  await page.goto(`${APPS}/maverick/`);
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();
  const session = await page.request.get(`${baseURL}/api/dsone/session`);
  expect(await session.json()).toMatchObject({ signedIn: false });
});

test("DS One app: password login returns through the authorization", async ({ page, baseURL }) => {
  await startSignIn(page, "dsone", "DS One");
  const returnUrl = new URL(page.url()).searchParams.get("ReturnUrl") as string;
  await page.goto(`${baseURL}/dsone/password-login?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  await page.getByLabel("Email").fill("password.customer@example.com");
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expectSignedIn(page, "dsone", "password.customer@example.com");
  await expect(page.getByRole("row", { name: /^license_state / })).toContainText("Active");
});

test("Maverick Safe app: its brand's screens, access link and password", async ({ page, mail, baseURL }) => {
  const email = "safe.customer@example.com";
  await startSignIn(page, "maverick", "Maverick Safe");
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/maverick/email-login\\?ReturnUrl=`));
  await expect(page.locator("html")).toHaveAttribute("data-brand", "maverick");
  const returnUrl = new URL(page.url()).searchParams.get("ReturnUrl") as string;

  const since = mail.messages.length;
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(email, { since }), "/maverick/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectSignedIn(page, "maverick", email);
  await expect(page.getByRole("row", { name: /^device_uuid / })).toContainText("8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a");
  await page.getByRole("link", { name: "Sign out" }).click();
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();

  // Again, with the Maverick Safe password dialog.
  await startSignIn(page, "maverick", "Maverick Safe");
  const again = new URL(page.url()).searchParams.get("ReturnUrl") as string;
  expect(again).not.toBe(returnUrl);
  await page.goto(`${baseURL}/maverick/password-login?ReturnUrl=${encodeURIComponent(again)}`);
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("demo-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expectSignedIn(page, "maverick", email);
});

test("an app's login_hint prefills the email on the login screen; prompt=login asks a signed-in customer again", async ({
  page,
  baseURL,
}) => {
  const authorize = (extra: string) =>
    `${baseURL}/connect/authorize?client_id=dsone-web&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(
      `${APPS}/dsone/callback`,
    )}&code_challenge=${"E".repeat(43)}&code_challenge_method=S256&state=s${extra}`;
  await page.goto(authorize(`&login_hint=${encodeURIComponent("password.customer@example.com")}`));
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dsone/login\\?`));
  await expect(page.getByLabel("Enter your email")).toHaveValue("password.customer@example.com");

  await page.request.post(`${baseURL}/api/dsone/password-login`, {
    data: { Email: "password.customer@example.com", Password: "demo-password" },
  });
  await page.goto(authorize("&prompt=login"));
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dsone/login\\?ReturnUrl=`));
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});
