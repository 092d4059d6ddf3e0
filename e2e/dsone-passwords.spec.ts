import { linkIn } from "../test/support/smtp-sink.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInWithLink } from "./sign-in.ts";

test("password login: the screen, its messages, the Show toggle, and a sign-in that continues to the ReturnUrl", async ({
  page,
  baseURL,
}) => {
  await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fmy-account");
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();
  await expect(page.getByText("Please enter your email and password credentials.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("password.customer");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Email").fill("password.customer@example.com");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("not-the-password");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email Address or Password is invalid");

  await password.fill("demo-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/my-account`);
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});

test("forgot → mail → reset → confirmation → the new password signs in and the old one does not; the link works once", async ({
  page,
  mail,
  baseURL,
}) => {
  await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=u-7");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // Moving between screens drops the ReturnUrl and keeps the rest.
  await expect(page).toHaveURL(`${baseURL}/dsone/forgot-password?uuid=u-7`);
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email").fill("desktop.customer@");
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectNoAxeViolations(page);

  const since = mail.messages.length;
  await page.getByLabel("Email").fill("desktop.customer@example.com");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset Email Sent" })).toBeVisible();
  await expect(page.getByText("Email link expires in 1 hour")).toBeVisible();
  await expect(page.getByText("Check your Inbox and click the link to set a new password.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = linkIn(await mail.waitFor("desktop.customer@example.com", { since }), "/dsone/reset-password?code=");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/dsone/reset-password`);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByText("Password is a required field", { exact: true })).toBeVisible();
  await expect(page.getByText("Confirm Password is a required field")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password", { exact: true }).fill("other");
  await expect(page.getByText("New Password must be at least 8 characters long")).toBeVisible();
  await expect(page.getByText("Confirm Password must match Password")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New Password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("Confirm Password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByRole("heading", { name: "Your New Password Has Been Reset!" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This Link Has Already Been Used" })).toBeVisible();

  const tryPassword = async (password: string) => {
    await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await page.getByLabel("Email").fill("desktop.customer@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login" }).click();
  };
  await tryPassword("demo-password");
  await expect(page.getByRole("alert")).toHaveText("Email Address or Password is invalid");
  await tryPassword("a-brand-new-password");
  await expect(page.getByText("Signed in as desktop.customer@example.com")).toBeVisible();
});

test("the forgot-password close icon returns to the main sign-in address without the OAuth-style parameters", async ({ page }) => {
  await page.goto("/dsone/forgot-password?state=s1&scope=openid&uuid=u-1");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=[^&]+&uuid=u-1$/);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("a passwordless customer sets a password, sees the confirmation, and can then log in with it", async ({ page, mail, baseURL }) => {
  await signInWithLink(page, mail, "new.customer@example.com");
  await page.goto("/dsone/set-password");
  await expect(page.getByRole("heading", { name: "Set Password" })).toBeVisible();
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByText("Password is a required field", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New Password", { exact: true }).fill("my-first-password");
  await page.getByLabel("Confirm Password", { exact: true }).fill("my-first-password");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page).toHaveURL(`${baseURL}/dsone/set-password-confirmation`);
  await expect(page.getByRole("heading", { name: "Your New Password Has Been Set!" })).toBeVisible();
  await expect(
    page.getByText("We have saved your DS One password. Please use the new password you entered to log into the application."),
  ).toBeVisible();
  await expect(page.locator("strong", { hasText: "DS One" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/my-account`);

  // A second try is refused with the server's first message.
  await page.goto("/dsone/set-password");
  await page.getByLabel("New Password", { exact: true }).fill("another-password");
  await page.getByLabel("Confirm Password", { exact: true }).fill("another-password");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This account already has a password. To change it, use Forgot your password?");
});

test("set password asks a visitor to sign in first and comes back", async ({ page }) => {
  await page.goto("/dsone/set-password");
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("ReturnUrl")).toMatch(/\/dsone\/set-password$/);
});
