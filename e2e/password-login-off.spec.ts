import { expect, test } from "./fixtures.ts";
import { signInWithLink } from "./sign-in.ts";

test.use({ serverEnv: { PASSWORD_LOGIN_ALLOWED: "false" } });

test("with password login turned off, the password screen hands over to the email login, keeping the query", async ({ page, baseURL }) => {
  await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=u-2");
  await expect(page).toHaveURL(`${baseURL}/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=u-2`);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("with password login turned off, the Maverick Safe dialog hands over to the emailed-link sign-in", async ({ page, baseURL }) => {
  await page.goto("/maverick/password-login?uuid=u-3");
  await expect(page).toHaveURL(`${baseURL}/maverick/email-login?uuid=u-3`);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

test("the sign-up screen's log-in link goes to the email login even with usePassword=true", async ({ page }) => {
  await page.goto("/dsone/login-sign-up?usePassword=true");
  await expect(page.getByRole("link", { name: "Click here to log in" })).toHaveAttribute("href", "/dsone/login?usePassword=true");
});

test("with password login turned off, an existing desktop user is not sent to it: a link signs them in", async ({ page, mail }) => {
  await signInWithLink(page, mail, "desktop.customer@example.com");
});
