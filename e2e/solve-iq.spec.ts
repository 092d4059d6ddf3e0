import { linkIn } from "../test/support/smtp-sink.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test("solve IQ: forgot → mail → reset → confirmation with its redirectUrl → sign in with the new password", async ({
  page,
  mail,
  baseURL,
}) => {
  await page.goto("/forgotPassword");
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await expectNoAxeViolations(page);
  const since = mail.messages.length;
  await page.getByLabel("Email").fill("desktop.customer@example.com");
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page).toHaveURL(`${baseURL}/forgotPasswordConfirmation`);
  await expect(page.getByRole("heading", { name: "Password Reset Email Sent" })).toBeVisible();

  const received = await mail.waitFor("desktop.customer@example.com", { since });
  expect(received.raw).toContain("Subject: Reset your solve IQ password");
  await page.goto(linkIn(received, "/resetPassword?code="));
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/resetPassword`);
  await expectNoAxeViolations(page);
  await page.getByLabel("New Password", { exact: true }).fill("solve-iq-password");
  await page.getByLabel("Confirm Password", { exact: true }).fill("solve-iq-password");
  await page.getByRole("button", { name: "Save Password" }).click();

  await expect(page.getByRole("heading", { name: "Your New Password Has Been Reset!" })).toBeVisible();
  const confirmation = new URL(page.url());
  expect(confirmation.pathname).toBe("/resetPasswordConfirmation");
  expect(confirmation.searchParams.get("redirectUrl")).toBe(
    `${baseURL}/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}/demo/dsone/ui`)}`,
  );
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();

  const login = await page.request.post("/api/account/login", {
    form: { Email: "desktop.customer@example.com", Password: "solve-iq-password", ReturnUrl: "/", RememberMe: "false" },
  });
  expect(await login.json()).toMatchObject({ isOk: true });
});

test("the reset confirmation ignores a redirectUrl to another site", async ({ page, baseURL }) => {
  await page.goto(`/resetPasswordConfirmation?redirectUrl=${encodeURIComponent("https://evil.example/")}`);
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dsone/login`));
});
