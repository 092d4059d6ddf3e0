import { expect, test } from "./fixtures.ts";

/** Each screen names itself and its brand in the browser's tab, so tabs and history can be told apart. */
const SCREENS: [path: string, heading: string, title: string][] = [
  ["/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui", "Customer Login", "Customer Login – DS One"],
  ["/dsone/password-login", "Login To Your Account", "Login To Your Account – DS One"],
  ["/dsone/forgot-password", "Forgot Your Password", "Forgot Your Password – DS One"],
  ["/maverick/password-login?qatest=1", "Login", "Login – Maverick Safe"],
  ["/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui", "Customer Login", "Customer Login – Maverick Safe"],
  ["/dsone/sorry-to-see-you-go", "We're Sorry To See You Go", "We're Sorry To See You Go – DS One"],
];

for (const [path, heading, title] of SCREENS) {
  test(`${path} is titled "${title}"`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(title);
  });
}

test("moving to another screen retitles the tab", async ({ page }) => {
  await page.goto("/dsone/password-login");
  await expect(page).toHaveTitle("Login To Your Account – DS One");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveTitle("Forgot Your Password – DS One");
});

test("the first field of each form has the focus when its screen appears", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await expect(page.getByLabel("Enter your email")).toBeFocused();
  await page.goto("/dsone/password-login");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  // A screen without a field to type in leaves the focus alone.
  await page.goto("/dsone/login-sign-up");
  await expect(page.getByRole("checkbox")).not.toBeFocused();
});

test("a password field's focus ring goes around the field and its Show toggle, so the toggle covers none of it", async ({ page }) => {
  await page.goto("/dsone/password-login");
  const password = page.getByLabel("Password", { exact: true });
  await password.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(password).toBeFocused();
  const ring = await password.evaluate((input) => {
    const box = input.parentElement as HTMLElement;
    return { input: getComputedStyle(input).outlineStyle, box: getComputedStyle(box).outlineStyle };
  });
  expect(ring).toEqual({ input: "none", box: "solid" });
});
