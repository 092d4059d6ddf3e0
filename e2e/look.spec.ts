import { expect, gotoWithoutApp, test } from "./fixtures.ts";
import { holdRequests } from "./hold.ts";

/** What every screen shares: the legal links under the card, and never a blank page while a screen loads. */

test("every card carries the privacy and terms links; the goodbye page adds the EULA", async ({ page }) => {
  for (const path of ["/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui", "/dsone/password-login", "/maverick/password-login?qatest=1"]) {
    await page.goto(path);
    const legal = page.getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", /\/demo\/legal\/privacy-policy$/);
    await expect(legal.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", /\/demo\/legal\/terms$/);
    await expect(legal.getByRole("link")).toHaveCount(2);
  }
  await page.goto("/dsone/sorry-to-see-you-go");
  await expect(page.getByRole("navigation", { name: "Legal" }).getByRole("link")).toHaveText([
    "Privacy Policy",
    "EULA",
    "Terms and Conditions",
  ]);
});

test("while a screen's code loads, the brand's card stands in for it, then the screen replaces it", async ({ page }) => {
  // A screen the server does not render ahead (decision 50): the page arrives without it.
  const release = await holdRequests(page, "**/assets/SorryToSeeYouGoPage-*.js");
  await gotoWithoutApp(page, "/dsone/sorry-to-see-you-go");
  const placeholder = page.locator(".card--placeholder");
  await expect(placeholder).toHaveAttribute("aria-busy", "true");
  await expect(placeholder.getByText("DS One")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "We're Sorry To See You Go" })).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});

test("DS One's main action is drawn in the brand's blue, like its logo and links", async ({ page }) => {
  await page.goto("/dsone/password-login");
  const button = page.getByRole("button", { name: "Login", exact: true });
  const link = page.getByRole("link", { name: "Forgot your password?" });
  const [buttonColour, linkColour] = await Promise.all([
    button.evaluate((element) => getComputedStyle(element).backgroundColor),
    link.evaluate((element) => getComputedStyle(element).color),
  ]);
  expect(buttonColour).toBe("rgb(11, 92, 171)");
  expect(linkColour).toBe("rgb(11, 92, 171)");
});

test("each brand's mark is served as a PNG for mail programs that show no SVG", async ({ request }) => {
  for (const path of ["/brand/dsone.png", "/brand/maverick.png"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
  }
});
