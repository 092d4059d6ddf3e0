import { expect, test } from "./fixtures.ts";

// The test moves the page's clock itself, and a page under a test's clock keeps no performance marks:
// page.goto cannot wait for the app-started mark here.
test.use({ waitForApp: false });

/** SPEC section 9: "Cached data unused for 60 seconds is dropped", shown on the login screen's session check. */
test("the session check is kept while used and asked again once unused for 60 seconds", async ({ page }) => {
  await page.clock.install();
  const checks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/dsone/session") checks.push(request.url());
  });
  const search = "?ReturnUrl=%2Fdemo%2Fdsone%2Fui";
  const showLogin = async () => {
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  };
  const showSignUp = async () => {
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Sign Up Today!" })).toBeVisible();
  };

  await page.goto(`/dsone/login-sign-up${search}`);
  await page.getByRole("link", { name: "Click here to log in" }).click();
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  expect(checks).toHaveLength(1);
  // From here the page's time moves only when the test moves it: on a busy machine, real seconds
  // passing between the steps would otherwise eat the margins below.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  // Back and forward within the minute: the login screen checks again, from what was kept.
  await showSignUp();
  await page.clock.fastForward(50_000);
  await showLogin();
  expect(checks).toHaveLength(1);

  // Unused for a minute (the last use restarted it): dropped, so the next visit asks the server.
  await showSignUp();
  await page.clock.fastForward(59_000);
  await showLogin();
  expect(checks).toHaveLength(1);
  await showSignUp();
  await page.clock.fastForward(61_000);
  await showLogin();
  await expect.poll(() => checks.length).toBe(2);
});
