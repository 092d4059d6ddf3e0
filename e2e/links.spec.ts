import { expect, test } from "./fixtures.ts";

/**
 * A move to another screen is a real link: its address is in the page, a plain click moves without
 * a page load, and a click with a modifier key (or the middle button) opens it in a new tab.
 */
test("in-app links have an address, move without a page load, and open in a new tab on a modifier click", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&state=s1");
  const forgot = page.getByRole("link", { name: "Forgot your password?" });
  // Moving between screens drops the OAuth-style parameters and keeps the rest.
  await expect(forgot).toHaveAttribute("href", "/dsone/forgot-password");

  const [tab] = await Promise.all([context.waitForEvent("page"), forgot.click({ modifiers: ["ControlOrMeta"] })]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${baseURL}/dsone/forgot-password`);
  await expect(tab.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  await tab.close();
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();

  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await forgot.click();
  await expect(page.getByRole("heading", { name: "Forgot Your Password" })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/dsone/forgot-password`);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("the access link page takes the token out of the address through the router", async ({ page, baseURL }) => {
  await page.goto("/dsone/access-link?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa&uuid=u-1");
  // A made-up token: the page's check says so once it has taken the token out of the address.
  await expect(page.getByRole("heading", { name: "This Link Is Not Valid" })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/dsone/access-link?uuid=u-1`);
});
