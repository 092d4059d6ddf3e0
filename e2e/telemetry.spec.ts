import type { Page } from "@playwright/test";
import { startOtlpReceiver } from "../test/support/otlp-receiver.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { type AppUnderTest, expect, test } from "./fixtures.ts";
import { setTabHidden } from "./tab.ts";

// A collector for this file's server: every OTLP payload the server exports lands here.
const otlp = await startOtlpReceiver();
test.use({ serverEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url } });
test.afterAll(async () => {
  await otlp.close();
});

const SECRETS = {
  token: "e2eTokenSecret9f3",
  code: "e2eCodeSecret51a",
  email: "secret.person@example.com",
  failedEmail: "failed.person@example.com",
};

function telemetryRows(app: AppUnderTest, kind?: string) {
  return kind
    ? app.query("select * from telemetry_events where kind = ? order by created_at", kind)
    : app.query("select * from telemetry_events order by created_at");
}

async function waitForRows(app: AppUnderTest, check: (rows: Record<string, unknown>[]) => boolean, what: string) {
  await expect.poll(() => check(telemetryRows(app)), { message: `waiting for ${what}`, timeout: 15_000 }).toBe(true);
}

/** Web vitals are final when the tab is hidden: this is what leaving the tab looks like to the page. */
const hideTab = (page: Page) => setTabHidden(page, true);

async function signInWithPassword(page: Page, email: string) {
  const response = await page.request.post("/api/dsone/password-login", { data: { Email: email, Password: "demo-password" } });
  expect(response.status()).toBe(200);
}

test("a page view, all six web vitals and a thrown error reach the database, and no secret is stored or exported", async ({
  page,
  app,
}) => {
  // failedEmail shows "Account Not Found"; left at once, its page view still goes (on pagehide).
  await page.goto(`/dsone/login?${new URLSearchParams({ ReturnUrl: "/demo/dsone/ui", failedEmail: SECRETS.failedEmail })}`);
  await expect(page.getByRole("heading", { name: "Account Not Found" })).toBeVisible();
  const { failedEmail: _shownAbove, ...inTheAddress } = SECRETS;
  await page.goto(`/dsone/login?${new URLSearchParams({ ReturnUrl: "/demo/dsone/ui", ...inTheAddress })}`);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  // The collector arrives after load, as a chunk of its own.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/assets/collector-"))))
    .toBe(true);

  // A slow handler makes the click a measurable interaction (INP) as well as the first input (FID).
  await page.evaluate(() =>
    document.addEventListener("pointerdown", () => {
      const until = performance.now() + 120;
      while (performance.now() < until);
    }),
  );
  await page.getByLabel("Enter your email").click();
  await page.getByLabel("Enter your email").pressSequentially("a");
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error(`Telemetry check failed at ${location.href}`);
    }),
  );
  // The first input and the error go with the next batch (within five seconds)…
  await waitForRows(app, (rows) => rows.some((row) => row.name === "FID") && rows.some((row) => row.kind === "error"), "FID and the error");
  // …CLS, INP and LCP are final when the tab is hidden.
  await hideTab(page);

  await waitForRows(
    app,
    (rows) => ["CLS", "FCP", "FID", "INP", "LCP", "TTFB"].every((name) => rows.some((row) => row.kind === "vital" && row.name === name)),
    "all six vitals",
  );

  await waitForRows(app, (rows) => rows.filter((row) => row.kind === "page_view").length === 2, "both page views");
  const [failedView, view] = telemetryRows(app, "page_view");
  expect(String(failedView?.url)).toContain("failedEmail=redacted");
  expect(view).toMatchObject({ screen: "/dsone/login", brand: "dsone", account_id: null });
  expect(String(view?.url)).toContain("ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  expect(String(view?.url)).toContain("token=redacted");
  const vitals = telemetryRows(app, "vital");
  for (const row of vitals) expect(Number(row.value)).toBeGreaterThanOrEqual(0);
  expect(Number(vitals.find((row) => row.name === "INP")?.value)).toBeGreaterThanOrEqual(100);
  const [error] = telemetryRows(app, "error");
  expect(JSON.parse(String(error?.detail)).message).toContain("Telemetry check failed at");

  // Every stored row and every exported payload is searched for the secrets' values.
  await otlp.waitFor("Telemetry check failed");
  const stored = JSON.stringify(telemetryRows(app));
  const exported = otlp.received.map((entry) => entry.body).join("\n");
  expect(exported).toContain("browser.vital");
  for (const secret of Object.values(SECRETS)) {
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(encodeURIComponent(secret));
    expect(exported).not.toContain(secret);
    expect(exported).not.toContain(encodeURIComponent(secret));
  }
});

test("a screen that fails shows the brand's error screen with a retry, and the report names the source file", async ({ page, app }) => {
  const failing = "**/assets/PasswordLoginPage-*.js";
  await page.route(failing, (route) => route.abort());
  await page.goto("/dsone/password-login");
  await expect(page.getByRole("heading", { name: "Something Went Wrong" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("This page could not be shown. Please try again.");
  await expectNoAxeViolations(page);
  await hideTab(page);
  await waitForRows(app, (rows) => rows.some((row) => row.kind === "error" && row.name === "render"), "the render error");
  const report = telemetryRows(app, "error").find((row) => row.name === "render");
  // The component stack's frames point into the minified bundle; the server maps them to web/….
  expect(JSON.parse(String(report?.detail)).source).toMatch(/^web\/.+\.tsx?:\d+:\d+$/);

  await page.unroute(failing);
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();
});

test("source maps are built but not served", async ({ page, request }) => {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  // The page's inline first script names the app's module, which it starts after the first paint.
  const script = await page.locator("script[data-app]").getAttribute("data-app");
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);
  expect((await request.get(String(script))).status()).toBe(200);
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});

test("the operations page shows the figures to an admin and refuses a customer", async ({ page, app, browser, baseURL }) => {
  app.sql("update accounts set role = 'admin' where email_key = 'password.customer@example.com'");
  // Some figures to show: a visit to the sign-in screen with its vitals.
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await page.getByLabel("Enter your email").click();
  await hideTab(page);
  await waitForRows(app, (rows) => rows.some((row) => row.kind === "vital" && row.name === "LCP"), "an LCP");

  // Signing in through the screen records the funnel's "signed in (password)" step, and a refusal.
  await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent(`${baseURL}/admin`)}`);
  await page.getByLabel("Email").fill("password.customer@example.com");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Email Address or Password is invalid")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await waitForRows(app, (rows) => rows.some((row) => row.kind === "funnel" && row.name === "signed_in"), "the sign-in step");
  const signedIn = telemetryRows(app, "funnel").find((row) => row.name === "signed_in");
  // Sent once the session exists, so it carries the account's id (never its email).
  const [account] = app.query("select id from accounts where email_key = 'password.customer@example.com'");
  expect(signedIn?.account_id).toBe(account?.id);
  expect(JSON.parse(String(signedIn?.detail))).toEqual({ method: "password" });
  // Any script can post an error report that reads like an instruction to the operators.
  const bait = "Admins must re-enter their password at https://evil.example/re-enter";
  const report = await page.request.post("/api/telemetry", {
    headers: { origin: String(baseURL) },
    data: { session: "tab-bait-0001", events: [{ kind: "error", source: "error", message: bait, path: "/dsone/login", at: 1 }] },
  });
  expect(report.status()).toBe(204);
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Operations", exact: true })).toBeVisible();
  await expect(page.getByText("Reported by browsers (untrusted)")).toBeVisible();
  await expect(page.locator("blockquote.ops__reported-text", { hasText: bait })).toBeVisible();
  await expect(page.getByRole("link", { name: /evil\.example/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Web vitals (75th percentile)" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^LCP 75th percentile: .*\/dsone\/login · dsone \d+ ms/ })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Sign-in funnel: Sign-in screen shown [1-9].*Signed in \(password\) 1 · \d+%/ }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Refused sign-ins: password · INVALID_CREDENTIALS 1" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Human checks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Top client errors" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Mail outbox: Waiting \d+, Retrying \d+, Sent \d+, Failed \d+$/ })).toBeVisible();
  // The relay's rates, over the last hour and day, against its review and pause lines.
  await expect(page.getByRole("heading", { name: "Mail bounces and complaints" })).toBeVisible();
  await expect(page.getByText("A relay reviews the sender at 5% (dashed line) and pauses it at 10% (solid line)")).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Bounces of the mails sent: Last hour \(\d+ sent\) .+; Last day \(\d+ sent\) .+$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Complaints of the mails sent: Last hour \(\d+ sent\) .+; Last day \(\d+ sent\) .+$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Period").selectOption("30");
  await expect(page.getByRole("img", { name: /^LCP 75th percentile/ })).toBeVisible();
  // On a phone the charts' labels keep a readable size (an SVG scaled to the width halved them),
  // and nothing makes the page scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const labelHeights = await page
    .locator(".chart__label")
    .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
  expect(labelHeights.length).toBeGreaterThan(0);
  expect(Math.min(...labelHeights)).toBeGreaterThanOrEqual(13);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const customer = await browser.newContext({ baseURL });
  const customerPage = await customer.newPage();
  await signInWithPassword(customerPage, "safe.customer@example.com");
  const refused = await customerPage.request.get("/api/admin/operations");
  expect(refused.status()).toBe(403);
  // The page itself answers 403 to a customer and to nobody signed in, not only its data call.
  expect((await customerPage.goto("/admin"))?.status()).toBe(403);
  expect((await customerPage.request.get("/admin", { headers: { cookie: "" } })).status()).toBe(403);
  await expect(customerPage.getByRole("heading", { name: "403: Operations" })).toBeVisible();
  await expect(customerPage.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", /^\/dsone\/login\?ReturnUrl=/);
  await expect(customerPage.getByRole("img")).toHaveCount(0);
  await expectNoAxeViolations(customerPage);
  await customer.close();
});
