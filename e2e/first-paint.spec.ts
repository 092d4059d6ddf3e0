import type { Page } from "@playwright/test";
import { APP_STARTED_MARK } from "../common/rendered-ahead.ts";
import { linkIn } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";

// These tests watch the page before the app starts (some hold its scripts): page.goto must not wait for it.
test.use({ waitForApp: false });

/**
 * The screens rendered ahead of time are painted before any script runs and taken over by the app
 * without a change; without JavaScript, the email sign-in and the access link still work as plain
 * forms, and every other screen says what needs JavaScript (decision 50).
 */

test("a screen rendered ahead is painted before its script runs, its controls wait for the app", async ({ page }) => {
  // The app's own scripts are held: what shows is the page's HTML and stylesheet alone.
  const release = await holdScripts(page);
  await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui", { waitUntil: "commit" });
  const heading = page.getByRole("heading", { name: "Login To Your Account" });
  await expect(heading).toBeVisible();
  await expect(page.getByText("DS One", { exact: true })).toBeVisible();
  const login = page.getByRole("button", { name: "Login", exact: true });
  await expect(login).toBeDisabled();
  await expect(page.getByLabel("Email")).not.toBeEditable();
  // Measured as the first paint shows it: after its stylesheets, which hold that paint back, have
  // loaded (the page's elements can be read, and laid out unstyled, before they arrive).
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
  const before = await heading.boundingBox();

  release();
  // Taken over: the same heading in the same place, the controls live.
  await expect(login).toBeEnabled();
  await expect(page.getByLabel("Email")).toBeEditable();
  expect(await heading.boundingBox()).toEqual(before);
  // The query the page was not rendered with is there once the app runs (the brand's password form
  // keeps the ReturnUrl): a wrong password's answer proves the form posts through the app.
  await page.getByLabel("Email").fill("password.customer@example.com");
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await login.click();
  await expect(page).toHaveURL(/\/demo\/dsone\/ui$/);
});

test("a screen rendered ahead asks for its own code together with the app's", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // Nothing of the app runs while its scripts are held: whatever is asked for, the page asked for.
  const release = await holdScripts(page);
  await page.goto("/dsone/password-login", { waitUntil: "commit" });
  await expect.poll(() => requested.filter((path) => /^\/assets\/PasswordLoginPage-.*\.js$/.test(path))).toHaveLength(1);
  // Asked for in the same breath, but the two requests may reach the browser's log in either order.
  await expect.poll(() => requested.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
  release();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
});

/** Holds the app's scripts until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// Hydration that matches keeps the page's own elements; a mismatch makes React render the screen
// again from nothing, with new ones. So each screen's heading is marked before the app runs and
// must still be the same element once the app is live. (The DS One login's first paint is its
// loading screen, which the session check replaces by design.)
for (const [path, heading, control] of [
  ["/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui&email=safe.customer%40example.com", "Customer Login", "Continue"],
  ["/dsone/password-login?email=password.customer%40example.com", "Login To Your Account", "Login"],
  // Its Continue waits for both fields (by design); the password's Show toggle is a button too.
  ["/maverick/password-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui", "Login", "Show password"],
  ["/dsone/forgot-password", "Forgot Your Password", "Send Email"],
  ["/maverick/forgot-password", "Forgot Your Password", "Send Email"],
  ["/dsone/forgot-password-confirmation", "Password Reset Email Sent", "Back to Login"],
] as const) {
  test(`${path.split("?")[0]} is taken over as it stands`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    const element = page.getByRole("heading", { level: 1 }).first();
    await element.waitFor();
    await element.evaluate((node) => node.setAttribute("data-rendered-ahead", "kept"));
    release();
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(
      page.getByRole("button", { name: control, exact: true }).or(page.getByRole("link", { name: control, exact: true })),
    ).toBeEnabled();
    await expect(page.getByRole("heading", { name: heading, exact: true })).toHaveAttribute("data-rendered-ahead", "kept");
  });
}

// Every screen rendered ahead (web/prerender.tsx), visited with a query that the page was not
// rendered with: a link in the first paint either waits for the app (no address yet) or already has
// the address it has once the app runs, so a quick click never drops the uuid or the channel. (The
// Maverick Safe login's first paint is its session check, which leaves the page.)
const QUERY = "uuid=5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d&channel=beta&ReturnUrl=%2Fdemo%2Fdsone%2Fui";
for (const path of [
  "/dsone/login",
  "/dsone/password-login",
  "/dsone/access-link",
  "/dsone/forgot-password",
  "/dsone/forgot-password-confirmation",
  "/dsone/set-password-confirmation",
  "/dsone/reset-password-confirmation",
  "/maverick/email-login",
  "/maverick/password-login",
  "/maverick/access-link",
  "/maverick/forgot-password",
  "/maverick/forgot-password-confirmation",
  "/maverick/set-password-confirmation",
  "/maverick/reset-password-confirmation",
]) {
  test(`${path}: no link in the first paint has another address than once the app runs`, async ({ page }) => {
    const links = () =>
      page
        .locator("#root a")
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({ name: anchor.textContent || anchor.getAttribute("aria-label"), href: anchor.getAttribute("href") })),
        );
    const release = await holdScripts(page);
    await page.goto(`${path}?${QUERY}`, { waitUntil: "commit" });
    await page.locator("#root h1").first().waitFor();
    const painted = await links();
    release();
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_STARTED_MARK);
    const running = new Map((await links()).map((link) => [link.name, link.href]));
    for (const link of painted.filter((link) => link.href !== null && running.has(link.name)))
      expect(link.href, `${link.name} in the first paint`).toBe(running.get(link.name));
  });
}

test("the ?email= hint fills the field once the app has taken the page over", async ({ page }) => {
  await page.goto("/dsone/password-login?email=password.customer%40example.com");
  await expect(page.getByLabel("Email")).toHaveValue("password.customer@example.com");
  await page.goto("/maverick/email-login?email=safe.customer%40example.com");
  await expect(page.getByRole("textbox", { name: "Enter your email" })).toHaveValue("safe.customer@example.com");
});

test("an access link's page shows Sign In from its first paint, and a spent link's problem after", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/dsone/access-link?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Sign In to DS One" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  release();
  // A made-up token: the page's check says so once the app runs.
  await expect(page.getByRole("heading", { name: "This Link Is Not Valid" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the email sign-in and the access link's Sign In work as plain forms", async ({ page, mail, baseURL }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
    // (Playwright's text matching skips <noscript>, whose content this is: hence the CSS locators.)
    await expect(page.locator(".hint")).toHaveText(
      "Signing in with a password, with Google or with Microsoft needs JavaScript. The emailed link works without it.",
    );
    // The app's own screen (the loading screen, rendered ahead) is not shown beside it.
    await expect(page.locator("#root")).toBeHidden();

    const since = mail.messages.length;
    await page.getByRole("textbox", { name: "Enter your email" }).fill("new.customer@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.locator("strong.email")).toHaveText("new.customer@example.com");
    const link = linkIn(await mail.waitFor("new.customer@example.com", { since }), "/dsone/access-link?token=");

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign In to DS One" })).toBeVisible();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
    const session = await page.request.get("/api/dsone/session");
    expect(await session.json()).toMatchObject({ signedIn: true, email: "new.customer@example.com" });

    // Spent: the same link again says so.
    await page.goto(link);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "This Link Has Already Been Used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Send Me a New Link" })).toHaveAttribute("href", "/dsone/login");
  });

  test("an unknown email, and an address the form's own check would refuse, are answered on the page", async ({ page, request }) => {
    await page.goto("/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui");
    await page.getByRole("textbox", { name: "Enter your email" }).fill("nobody.here@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
    await expect(page.locator(".failed-email")).toHaveText("We could not find an account for nobody.here@example.com.");
    await expect(page.locator(".logo__name")).toHaveText("Maverick Safe");
    await page.getByRole("link", { name: "Try Another Email" }).click();
    await expect(page).toHaveURL(/\/maverick\/email-login\?ReturnUrl=%2Fdemo%2Fmaverick%2Fui$/);

    // Past the browser's own check (a request made by hand): the server's message, and no mail.
    const answer = await request.post("/dsone/login", {
      form: { email: "not an address" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("Please enter a valid email address");
  });

  test("a form post from another site is refused", async ({ request, baseURL }) => {
    const answer = await request.post(`${baseURL}/dsone/login`, {
      form: { email: "new.customer@example.com" },
      headers: { origin: "https://attacker.example" },
    });
    expect(answer.status()).toBe(403);
  });

  test("a screen that needs JavaScript says so and offers the emailed link", async ({ page }) => {
    await page.goto("/dsone/password-login");
    await expect(page.getByRole("heading", { name: "Please Turn On JavaScript" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeHidden();
    await page.getByRole("link", { name: "Sign In With an Emailed Link" }).click();
    await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
    // A screen the server does not render ahead says the same.
    await page.goto("/dsone/reset-password?code=x");
    await expect(page.getByRole("heading", { name: "Please Turn On JavaScript" })).toBeVisible();
  });
});
