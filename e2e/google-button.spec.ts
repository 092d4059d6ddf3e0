import { expect, test } from "./fixtures.ts";

test.use({ serverEnv: { GOOGLE_CLIENT_ID: "client-id.apps.example" } });

test("with Google sign-in configured, the login shows Continue with Google, the Or divider and the other label", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=u-1");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByText("Or", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Use another email")).toBeVisible();
  // The layout keeps the uuid parameter for the screens that follow.
  expect(await page.evaluate(() => sessionStorage.getItem("uuid"))).toBe("u-1");
  const navigation = page.waitForRequest(/\/external\/login\?/);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const url = new URL((await navigation).url());
  expect(url.pathname).toBe("/external/login");
  expect(url.searchParams.get("provider")).toBe("Google");
  expect(url.searchParams.get("product")).toBe("dsone");
  expect(url.searchParams.get("uuid")).toBe("u-1");
  expect(url.searchParams.get("ReturnUrl")).toBe("/demo/dsone/ui");
  // The Google exchange itself is not built: the page says so and offers the email sign-in.
  await expect(page.getByRole("heading", { name: "Sign-in with Google is not available" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in with email" }).click();
  await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=%2Fdemo%2Fdsone%2Fui&uuid=u-1$/);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});
