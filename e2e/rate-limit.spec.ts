import { expect, test } from "./fixtures.ts";

test.use({ serverEnv: { ACCESS_LINK_LIMIT_PER_EMAIL: "2" } });

test("asking for too many links is refused with a clear message", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  for (let i = 0; i < 2; i++) {
    await page.getByLabel("Enter your email").fill("new.customer@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await page.getByRole("button", { name: "Use another email" }).click();
  }
  await page.getByLabel("Enter your email").fill("new.customer@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many sign-in links were requested\. Please wait \d+ minutes? and try again\.$/);
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
});
