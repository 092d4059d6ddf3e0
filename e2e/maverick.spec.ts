import { linkIn } from "../test/support/smtp-sink.ts";
import { answerAsTheAgent } from "./agent-stand-in.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { holdRequests } from "./hold.ts";
import { signInWithLink } from "./sign-in.ts";

const DEVICE = "8d9e0f1a-2b3c-4d5e-8f9a-0b1c2d3e4f5a";

async function signInSafeCustomer(page: import("@playwright/test").Page) {
  const response = await page.request.post("/api/maverick/password-login", {
    data: { Email: "safe.customer@example.com", Password: "demo-password" },
  });
  expect(response.ok()).toBe(true);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`Maverick Safe in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("the safety login sends a visitor to the sign-up address with the query kept", async ({ page, baseURL }) => {
      await page.goto("/maverick/login?uuid=u-1&channel=beta");
      await expect(page).toHaveURL(`${baseURL}/demo/maverick/sign-up?uuid=u-1&channel=beta`);
    });

    test("the safety login sends a failed check to sign-up too", async ({ page, baseURL }) => {
      await page.route("**/api/maverick/session", (route) => route.fulfill({ status: 500, body: "{}" }));
      await page.goto("/maverick/login?uuid=u-2");
      // With a route set, every request of the page passes through this test's process on its
      // way, which a machine busy with other tests slows by seconds: the wait allows for that.
      await expect(page).toHaveURL(`${baseURL}/demo/maverick/sign-up?uuid=u-2`, { timeout: 15_000 });
    });

    test("the safety login shows Loading Maverick Safe, then sends a licensed device to auto-login", async ({ page, baseURL }) => {
      await signInSafeCustomer(page);
      const release = await holdRequests(page, "**/api/maverick/session");
      await page.goto("/maverick/login");
      await expect(page.getByRole("dialog", { name: "Loading Maverick Safe" })).toBeVisible();
      release();
      await expect(page).toHaveURL(`${baseURL}/maverick/auto-login?uuid=${DEVICE}`);
      await expect(page.getByRole("heading", { name: "Logging you in to Maverick Safe" })).toBeVisible();
    });

    test("with qatest in the address the check is skipped and the login dialog shows", async ({ page }) => {
      const checks: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/maverick/session")) checks.push(request.url());
      });
      await page.goto("/maverick/login?qatest=true");
      await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(checks).toEqual([]);
    });

    test("the password dialog keeps Continue disabled until the email is valid and a password is present", async ({ page, baseURL }) => {
      await page.goto("/maverick/password-login");
      const dialog = page.getByRole("dialog", { name: "Login" });
      const cont = dialog.getByRole("button", { name: "Continue" });
      await expect(cont).toBeDisabled();
      await dialog.getByLabel("Email").fill("safe.customer");
      await dialog.getByLabel("Password", { exact: true }).fill("demo-password");
      await expect(cont).toBeDisabled();
      await dialog.getByLabel("Email").fill("safe.customer@example.com");
      await expect(cont).toBeEnabled();
      await dialog.getByLabel("Password", { exact: true }).fill("");
      await expect(cont).toBeDisabled();
      await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
      await cont.click();
      await expect(dialog.getByRole("alert")).toHaveText("Email Address or Password is invalid");

      await dialog.getByLabel("Password", { exact: true }).fill("demo-password");
      const request = page.waitForRequest("**/api/maverick/password-login");
      await cont.click();
      expect((await request).postDataJSON()).toEqual({ Email: "safe.customer@example.com", Password: "demo-password" });
      await expect(page).toHaveURL(`${baseURL}/demo/maverick/ui`);
      await expect(page.getByText("Signed in as safe.customer@example.com")).toBeVisible();
    });

    test("logout waits, ends the session, and goes to the Maverick UI address with the uuid", async ({ page, baseURL }) => {
      await signInSafeCustomer(page);
      const started = Date.now();
      await page.goto(`/maverick/logout?uuid=${DEVICE}`);
      await expect(page.getByRole("heading", { name: "Logging You Out Now" })).toBeVisible();
      await page.waitForURL(`${baseURL}/demo/maverick/ui?uuid=${DEVICE}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
      await expect(page.getByText("Nobody is signed in.")).toBeVisible();
    });

    test("the goodbye page: uninstalled, try again, extension removal, download by channel, all cleared", async ({ page, baseURL }) => {
      await signInSafeCustomer(page);
      await page.goto("/maverick/login?qatest=1");
      await page.evaluate(() => localStorage.setItem("disableNotifications", "true"));
      await page.goto("/maverick/sorry-to-see-you-go?channel=edge-beta");
      await expect(page.getByRole("heading", { name: "We're Sorry To See You Go" })).toBeVisible();
      await expect(page.getByText("Maverick Safe has been uninstalled from your browser.")).toBeVisible();
      await expect(page.getByText("Changed your mind? We would love you to give Maverick Safe another try.")).toBeVisible();
      await expect(page.getByRole("link", { name: "How to remove the browser extension" })).toHaveAttribute(
        "href",
        `${baseURL}/demo/legal/remove-browser-extension`,
      );
      await expect(page.getByRole("link", { name: "Download Maverick Safe again" })).toHaveAttribute(
        "href",
        `${baseURL}/demo/installer/api/download/edge-beta`,
      );
      await expect.poll(() => page.evaluate(() => localStorage.getItem("disableNotifications"))).toBeNull();
      await expect.poll(async () => (await (await page.request.get("/api/maverick/session")).json()).signedIn).toBe(false);
    });

    test("set password in the Maverick brand: its texts, close to my-account with skip=true, then its confirmation", async ({
      page,
      baseURL,
    }) => {
      await page.request.post("/api/dsone/password-login", { data: { Email: "password.customer@example.com", Password: "demo-password" } });
      await page.goto("/maverick/set-password");
      const dialog = page.getByRole("dialog", { name: "Set Password" });
      await expect(dialog.getByText("You don't have a password. For your security please enter one.")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-brand", "maverick");
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(`${baseURL}/demo/maverick/my-account?skip=true`);
    });

    test("auto-login sends UUID, PreferredBrowser and ShowUI once", async ({ page }) => {
      await signInSafeCustomer(page);
      const bodies: unknown[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/maverick/auto-login")) bodies.push(request.postDataJSON());
      });
      const answered = page.waitForResponse("**/api/maverick/auto-login");
      await answerAsTheAgent(page);
      await page.goto(`/maverick/auto-login?uuid=${DEVICE}`);
      await expect(page.getByText("Maverick Safe should now be open on this computer.")).toBeVisible();
      await expect(page.getByText("The software should open in a moment, you can safely close this window")).toBeVisible();
      expect((await answered).status()).toBe(200);
      await page.waitForLoadState("networkidle");
      expect(bodies).toEqual([{ UUID: DEVICE, PreferredBrowser: "chrome", ShowUI: true }]);
    });
  });
}

test("a passwordless customer sets a password in the Maverick brand and sees its confirmation", async ({ page, app, mail, baseURL }) => {
  const email = "maverick.first.password@example.com";
  app.sql(
    `insert into accounts (id, email, email_key, password_hash, name, created_at) values ('acc-mfp', '${email}', '${email}', null, '', 0)`,
  );
  await signInWithLink(page, mail, email);
  await page.goto("/maverick/set-password");
  const dialog = page.getByRole("dialog", { name: "Set Password" });
  await dialog.getByLabel("New Password", { exact: true }).fill("maverick-password");
  await dialog.getByLabel("Confirm Password", { exact: true }).fill("maverick-password");
  await dialog.getByRole("button", { name: "Save Password" }).click();
  await expect(page).toHaveURL(`${baseURL}/maverick/set-password-confirmation`);
  await expect(page.getByRole("heading", { name: "Your New Password Has Been Set!" })).toBeVisible();
  await expect(
    page.getByText("We have saved your Maverick Safe password. Please use the new password you entered to log into the application."),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-brand", "maverick");
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/maverick/my-account`);
});

test("a Maverick Safe customer signs in with an emailed link in the Maverick Safe brand", async ({ page, mail, baseURL }) => {
  const since = mail.messages.length;
  await page.goto("/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "maverick");
  await page.getByLabel("Enter your email").fill("safe.customer@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const received = await mail.waitFor("safe.customer@example.com", { since });
  expect(received.raw).toContain("Subject: Your Maverick Safe sign-in link");
  await page.goto(linkIn(received, "/maverick/access-link?token="));
  await expect(page.getByRole("heading", { name: "Sign In to Maverick Safe" })).toBeVisible();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/maverick/my-account`);
  await expect(page.getByText("Signed in as safe.customer@example.com")).toBeVisible();
});

test("set password sends a Maverick Safe visitor to sign in with an emailed link and back", async ({ page }) => {
  await page.goto("/maverick/set-password");
  await expect(page).toHaveURL(/\/maverick\/email-login\?ReturnUrl=/);
  expect(new URL(page.url()).searchParams.get("ReturnUrl")).toMatch(/\/maverick\/set-password$/);
});

test("the Maverick Safe password dialog offers an emailed sign-in link instead, the query kept", async ({ page }) => {
  await page.goto("/maverick/password-login?qatest=1&uuid=u-8&channel=beta");
  await page.getByRole("link", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await expect(page).toHaveURL(/\/maverick\/email-login\?qatest=1&uuid=u-8&channel=beta$/);
});

test("the Maverick Safe password dialog's links drop the OAuth-style parameters, as every move between screens does", async ({
  page,
  baseURL,
}) => {
  const hop =
    "ReturnUrl=%2Fdemo%2Fmaverick%2Fui&acr_values=a&code_challenge=c&code_challenge_method=S256&redirect_uri=%2Fr" +
    "&refToken=t&response_mode=query&response_type=code&scope=openid&state=s";
  await page.goto(`/maverick/password-login?qatest=1&${hop}&uuid=u-7&channel=beta`);
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog.getByRole("link", { name: "Email me a sign-in link" })).toHaveAttribute(
    "href",
    "/maverick/email-login?qatest=1&uuid=u-7&channel=beta",
  );
  await dialog.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/maverick/forgot-password?qatest=1&uuid=u-7&channel=beta`);
});

test("the Maverick Safe password dialog holds an address the login's rule refuses, and says so before anything is sent", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/maverick/password-login")) sent.push(request.url());
  });
  await page.goto("/maverick/password-login?qatest=1");
  const dialog = page.getByRole("dialog", { name: "Login" });
  const cont = dialog.getByRole("button", { name: "Continue" });
  const email = dialog.getByLabel("Email");
  // The browser's own rule lets "a@b" through; the login's does not.
  await email.fill("a@b");
  await dialog.getByLabel("Password", { exact: true }).fill("demo-password");
  await expect(cont).toBeDisabled();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.press("Enter");
  await email.fill("safe.customer@example.com");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(cont).toBeEnabled();
  expect(sent).toEqual([]);
});

test("a Maverick Safe customer resets a forgotten password from the dialog, in the Maverick Safe brand", async ({
  page,
  mail,
  app,
  baseURL,
}) => {
  // An account of this test's own: the demo accounts' passwords are used by other tests.
  const EMAIL = "forgetful.safe@example.com";
  app.sql(
    `INSERT INTO accounts (id, email, email_key, password_hash, name, created_at) VALUES ('forgetful-safe', '${EMAIL}', '${EMAIL}', NULL, 'Fran', 0)`,
  );
  app.sql(`INSERT INTO licenses (account_id, product_id, state, updated_at) VALUES ('forgetful-safe', 7, 'Active', 0)`);
  await page.goto("/maverick/password-login?qatest=1&uuid=u-9");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(`${baseURL}/maverick/forgot-password?qatest=1&uuid=u-9`);
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await expect(page.getByText("Maverick Safe", { exact: true })).toBeVisible();
  // Closing returns to the dialog, not to DS One's sign-in.
  await expect(page.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/maverick/password-login?qatest=1&uuid=u-9");

  const since = mail.messages.length;
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset Email Sent" })).toBeVisible();
  const received = await mail.waitFor(EMAIL, { since });
  expect(received.raw).toContain("Maverick Safe");
  await page.goto(linkIn(received, "/maverick/reset-password?code="));
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/maverick/reset-password`);
  await page.getByLabel("New Password", { exact: true }).fill("a-safer-new-password");
  await page.getByLabel("Confirm Password", { exact: true }).fill("a-safer-new-password");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByRole("heading", { name: "Your New Password Has Been Reset!" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/maverick/reset-password-confirmation`);
  await expectNoAxeViolations(page);

  // Login leads back to the dialog, where the new password signs in.
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/maverick/password-login`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill("a-safer-new-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
});
