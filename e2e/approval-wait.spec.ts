import { expect, test } from "./fixtures.ts";
import { setTabHidden } from "./tab.ts";

/**
 * What the Check Your Email screen asks of the server while it sits open, waiting for the phone
 * (web/forms/ApprovalNumber.tsx): one long wait at a time, never a loop when waits come back early,
 * and nothing at all from a tab out of view.
 */
test.use({ serverEnv: { ACCESS_LINK_LIMIT_PER_EMAIL: "1000" } });

test("waits answered at once are not asked again in a loop, and a hidden tab asks nothing", async ({ page }) => {
  // Waits that come back at once, as through a proxy that cuts long requests short.
  let waits = 0;
  await page.route("**/api/access-link/wait", (route) => {
    waits += 1;
    return route.fulfill({ json: { state: "waiting", number: 42 } });
  });
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByLabel(/^(Enter your email|Use another email)$/).fill("new.customer@example.com");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.locator(".approval-number__value")).toHaveText("42");

  // The first wait answers at once by design, the second was meant to be held: then a pause.
  await page.waitForTimeout(3_000);
  expect(waits).toBeLessThanOrEqual(3);

  await setTabHidden(page, true);
  await page.waitForTimeout(6_000);
  const whileHidden = waits;
  await page.waitForTimeout(6_000);
  expect(waits, "waits asked by a hidden tab").toBe(whileHidden);

  // In view again, it asks at once: an approval made meanwhile signs it in straight away.
  await setTabHidden(page, false);
  await expect.poll(() => waits, { timeout: 2_000 }).toBeGreaterThan(whileHidden);
});
