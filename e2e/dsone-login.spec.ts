import type { Page } from "@playwright/test";
import { linkIn } from "../test/support/smtp-sink.ts";
import { answerAsTheAgent } from "./agent-stand-in.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { holdRequests } from "./hold.ts";

const MY_ACCOUNT = "/demo/dsone/my-account";

async function askForLink(page: Page, email: string, returnUrl: string) {
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a customer asks for a link, opens it from the mail and arrives signed in at the ReturnUrl", async ({ page, mail, baseURL }) => {
  const since = mail.messages.length;
  await askForLink(page, "new.customer@example.com", `${baseURL}${MY_ACCOUNT}`);
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText("We sent a personal access link to new.customer@example.com.")).toBeVisible();
  await expect(page.getByText("The link expires in 1 Day.")).toBeVisible();
  await expect(page.getByText("If you don't see the email, check your Spam or Junk folder.")).toBeVisible();
  await expectNoAxeViolations(page);

  const link = linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Sign In to DS One" })).toBeVisible();
  // The token leaves the address bar as soon as the app has taken the page over (the screen itself
  // is in the page's HTML, shown before that).
  await expect(page).not.toHaveURL(/token=/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}${MY_ACCOUNT}`);
  await expect(page.getByText("Signed in as new.customer@example.com")).toBeVisible();
});

test.describe("under the test's clock", () => {
  // A page under a test's clock keeps no performance marks: page.goto cannot wait for the app-started mark.
  test.use({ waitForApp: false });

  test("Check Your Email offers Resend after a countdown, and the second link works", async ({ page, mail, baseURL }) => {
    await page.clock.install();
    const since = mail.messages.length;
    await askForLink(page, "new.customer@example.com", `${baseURL}${MY_ACCOUNT}`);
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    const resendIn = page.getByRole("button", { name: /^Resend in \d+ s$/ });
    await expect(resendIn).toBeDisabled();
    const secondsLeft = Number((await resendIn.textContent())?.match(/\d+/)?.[0]);
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(30);
    await page.clock.runFor(31_000);
    await page.getByRole("button", { name: "Resend", exact: true }).click();
    await expect(page.getByText("We sent another link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend in 30 s" })).toBeDisabled();
    await expect.poll(() => mail.messages.slice(since).filter((message) => message.to.includes("new.customer@example.com")).length).toBe(2);
    const mails = mail.messages.slice(since).filter((message) => message.to.includes("new.customer@example.com"));
    const second = linkIn(mails.at(-1) as (typeof mails)[number], "/dsone/access-link?token=");
    await page.goto(second);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${baseURL}${MY_ACCOUNT}`);
  });
});

test("the loading screen shows while the session is checked", async ({ page, context, baseURL }) => {
  // A browser with a session cookie (here one the server no longer knows): there is something to check.
  await context.addCookies([{ name: "session", value: "A".repeat(43), url: baseURL ?? "" }]);
  const release = await holdRequests(page, "**/api/dsone/session");
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await expect(page.getByRole("heading", { name: "DS One" })).toBeVisible();
  await expect(page.getByText("Software Is Loading...")).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("a browser with no session cookie gets the form at once, with no session check", async ({ page }) => {
  const checks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/dsone/session") checks.push(request.url());
  });
  const response = await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui", { waitUntil: "commit" });
  expect(await response?.text()).toContain(">Customer Login</h1>");
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
  await expect(page.getByText("Software Is Loading...")).toBeHidden();
  expect(checks).toEqual([]);
  // Without a ReturnUrl, signed out, it still leaves for the product, as after a check.
  await page.goto("/dsone/login");
  await expect(page).toHaveURL(/\/demo\/dsone\/ui$/);
});

test("the email field says what is wrong", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Enter your email").fill("not-an-email");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // No Google button or divider unless Google sign-in is configured.
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
  await expect(page.getByText("Or", { exact: true })).toHaveCount(0);
});

test("an unknown email shows Account Not Found, and Try Another Email goes back", async ({ page }) => {
  await askForLink(page, "nobody.here@example.com", "/demo/dsone/ui");
  await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  await expect(page).toHaveURL(/failedEmail=nobody\.here%40example\.com/);
  await expect(page.getByText("nobody.here@example.com")).toBeVisible();
  await expectNoAxeViolations(page);
  // Someone without an account can make one: the cart, without the email or the sign-in's own parameters.
  const create = page.getByRole("link", { name: "Create Your Account" });
  await expect(create).toHaveAttribute("href", /\/demo\/dsone\/cart$/);
  await page.getByRole("link", { name: "Try Another Email" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await expect(page).not.toHaveURL(/failedEmail/);
  await expect(page).toHaveURL(/ReturnUrl=/);
});

test("a link works once: opened again it is refused with a way to ask for a new one", async ({ page, mail }) => {
  const since = mail.messages.length;
  await askForLink(page, "new.customer@example.com", "/demo/dsone/ui");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const link = linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token=");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/demo\/dsone\/ui$/);
  // Back from where the link led: the customer is sent on again, not told the link is not valid.
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/dsone\/ui$/);
  await expect(page.getByText("This Link Is Not Valid")).toHaveCount(0);

  // Opened again, the page says at once that it was used: nothing to press first.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This Link Has Already Been Used" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Send Me a New Link" }).click();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=/);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("an expired link is refused", async ({ page, mail, app }) => {
  const since = mail.messages.length;
  await askForLink(page, "safe.customer@example.com", "/demo/dsone/ui");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const link = linkIn(await mail.waitFor("safe.customer@example.com", { since }), "/dsone/access-link?token=");
  app.sql("update one_time_tokens set expires_at = 0 where used_at is null");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This Link Has Expired" })).toBeVisible();
});

test("a made-up link is refused", async ({ page }) => {
  await page.goto(`/dsone/access-link?token=${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "This Link Is Not Valid" })).toBeVisible();
});

test("an off-site ReturnUrl is ignored: the customer lands on the DS One UI address", async ({ page, mail, baseURL }) => {
  const since = mail.messages.length;
  await askForLink(page, "new.customer@example.com", "https://evil.example/steal");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
});

test("without a session or a returnurl, the login page sends the browser to the DS One UI address", async ({ page, baseURL }) => {
  await page.goto("/");
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();
  await page.goto("/dsone/login?from=mavericksafe");
  await expect(page).toHaveURL(`${baseURL}/demo/maverick/logged-out`);
});

test("a signed-in customer with a license goes straight to auto-login with the device's uuid", async ({ page, mail }) => {
  const since = mail.messages.length;
  await askForLink(page, "licensed.customer@example.com", "/demo/dsone/ui");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor("licensed.customer@example.com", { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Lee Licensed")).toBeVisible();
  await answerAsTheAgent(page);
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await expect(page).toHaveURL(/\/dsone\/auto-login\?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60$/);
  await expect(page.getByRole("heading", { name: "Logging you in to DS One" })).toBeVisible();
  await expect(page.getByText("DS One should now be open on this computer.")).toBeVisible();
  await expect(page.getByText("The software should open in a moment, you can safely close this window")).toBeVisible();
});

test("a signed-in customer with a license but no linked device goes on to the ReturnUrl, not to auto-login", async ({ page, baseURL }) => {
  const signedIn = await page.request.post("/api/dsone/password-login", {
    data: { Email: "password.customer@example.com", Password: "demo-password" },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(MY_ACCOUNT)}`);
  await expect(page).toHaveURL(`${baseURL}${MY_ACCOUNT}`);
  await expect(page.getByText("Pat Password")).toBeVisible();
});

test("an existing desktop user is sent to the desktop sign-in with the email appended and the ReturnUrl kept", async ({
  page,
  baseURL,
}) => {
  const returnUrl = encodeURIComponent(`${baseURL}/demo/dsone/ui`);
  const redirect = page.waitForRequest(
    new RegExp(`/dsone/password-login\\?ReturnUrl=${returnUrl.replace(/[.%]/g, "\\$&")}&email=desktop\\.customer%40example\\.com$`),
  );
  await askForLink(page, "desktop.customer@example.com", "/demo/dsone/ui");
  await redirect;
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();
  // The email is filled in, and the ReturnUrl is the password sign-in's (which continues to it).
  await expect(page.getByLabel("Email")).toHaveValue("desktop.customer@example.com");
  expect(new URL(page.url()).searchParams.get("ReturnUrl")).toBe(`${baseURL}/demo/dsone/ui`);
});
