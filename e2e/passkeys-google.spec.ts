import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

// With the stand-in Google: a sign-in with Google is offered a passkey too (decision 59).
test.use({ serverEnv: { GOOGLE_STAND_IN: "" } });

test("back from Google, a device that can make a passkey is offered one; then the autofill signs in", async ({ page }) => {
  await addAuthenticator(page);
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "password.customer@example.com" }).click();
  await expect(page.getByRole("heading", { name: "Sign In Faster Next Time" })).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();

  await page.request.post("/api/session/logout", { headers: { origin: new URL(page.url()).origin } });
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});

test("without a passkey-capable device, Google lands straight on the ReturnUrl", async ({ page }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("button", { name: "password.customer@example.com" }).click();
  await expect(page.getByText("Signed in as password.customer@example.com")).toBeVisible();
});
