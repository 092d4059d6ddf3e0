import type { Browser, Page } from "@playwright/test";
import * as client from "openid-client";
import { linkIn } from "../test/support/smtp-sink.ts";
import { desktopAgentSignIn } from "./desktop-agent.ts";
import { expect, test } from "./fixtures.ts";

const CUSTOMER = "password.customer@example.com";
const PASSWORD = "demo-password";
const REASON = "Ticket 4711: locked out after a trip";
const DISABLED = "This account is disabled, so it cannot sign in. Please contact support.";

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** Signs a demo account in by password, as a program would (the journey is about the console). */
async function signInAs(page: Page, email: string) {
  const response = await page.request.post("/api/dsone/password-login", { data: { Email: email, Password: PASSWORD } });
  expect(response.status()).toBe(200);
}

/**
 * A support agent helps a customer who cannot sign in, through the console only; declared by a
 * spec file per database (support.spec.ts on SQLite, support-postgres.spec.ts on PostgreSQL).
 */
export function supportConsoleJourney(): void {
  test("an agent finds a locked-out customer, lifts the lockout, sends a link, signs them out, disables them", async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL as string;

    // The customer: signed in on a browser and in the desktop agent; a reset mail the relay
    // refused for good; then, from another place, enough wrong passwords to be locked out.
    const customer = await newPage(browser, origin);
    await signInAs(customer, CUSTOMER);
    const agentApp = await desktopAgentSignIn(customer, origin);
    mail.rejecting = true;
    await customer.request.post("/api/password/forgot", { data: { email: CUSTOMER, ProductId: 6 } });
    await expect.poll(() => mail.attempts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const travelling = await newPage(browser, origin);
    const login = (password: string) =>
      travelling.request.post("/api/dsone/password-login", { data: { Email: CUSTOMER, Password: password } });
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(`not it ${attempt}`)).status()).toBe(401);
    expect((await login(PASSWORD)).status()).toBe(429);

    // The agent finds them by the beginning of their address.
    await signInAs(page, "support.agent@example.com");
    await page.goto("/admin/support");
    await page.getByLabel(/^Email, or its beginning/).fill("password.cust");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: CUSTOMER }).click();
    await expect(page.getByRole("heading", { name: CUSTOMER })).toBeVisible();
    const mails = page.getByRole("region", { name: "Mail in the last 30 days" });
    await expect(mails.getByRole("row", { name: /Reset your DS One password Failed/ })).toContainText("550");
    const limits = page.getByRole("region", { name: /rate limits/ });
    await expect(limits.getByText(/^Wrong passwords from one address or device.*reached: refused until/)).toBeVisible();

    // Every action asks why first.
    const acts = page.getByRole("region", { name: "Act" });
    await acts.getByRole("button", { name: "Clear rate limits and human checks" }).click();
    await expect(acts.getByRole("alert")).toContainText("Say why first");
    await acts.getByLabel(/^Reason/).fill(REASON);
    await acts.getByRole("button", { name: "Clear rate limits and human checks" }).click();
    await expect(acts.getByRole("status")).toHaveText(
      "The customer's rate limits are cleared: the lockout and any human check are lifted.",
    );
    mail.rejecting = false;
    expect((await login(PASSWORD)).status()).toBe(200);

    // A fresh link, to the customer's own address; the console never shows it.
    const since = mail.messages.length;
    await acts.getByRole("button", { name: "Send a DS One sign-in link" }).click();
    await expect(acts.getByRole("status")).toContainText("is on its way");
    const link = linkIn(await mail.waitFor(CUSTOMER, { since }), "/dsone/access-link?token=");
    const token = new URL(link).searchParams.get("token") as string;
    expect(await page.content()).not.toContain(token);

    // Signed out everywhere: the browser and the desktop agent.
    await acts.getByRole("button", { name: "Sign out everywhere" }).click();
    await acts.getByRole("button", { name: "Yes, sign out everywhere" }).click();
    await expect(acts.getByRole("status")).toHaveText("Every browser and app of the customer is signed out.");
    expect((await customer.request.get("/api/me")).status()).toBe(401);
    await expect(
      client.refreshTokenGrant(agentApp.config, agentApp.refreshToken, undefined, { DPoP: agentApp.dpop }),
    ).rejects.toMatchObject({
      error: "invalid_grant",
    });

    // Disabled: every way in says so.
    await acts.getByRole("button", { name: "Disable the account" }).click();
    await acts.getByRole("button", { name: "Yes, disable the account" }).click();
    await expect(page.getByText(/^Disabled since /)).toBeVisible();
    const password = await login(PASSWORD);
    expect([password.status(), (await password.json()).message]).toEqual([403, DISABLED]);
    await customer.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await customer.getByLabel("Enter your email").fill(CUSTOMER);
    await customer.getByRole("button", { name: "Continue" }).click();
    await expect(customer.getByText(DISABLED)).toBeVisible();
    await customer.goto(link);
    await customer.getByRole("button", { name: "Sign In" }).click();
    await expect(customer.getByText(DISABLED)).toBeVisible();

    // The trail names the agent and the reason for each step.
    const trail = page.getByRole("region", { name: "Trail" });
    for (const event of ["rate limits cleared", "access link requested", "signed out everywhere", "account disabled"]) {
      await expect(trail.getByRole("row", { name: new RegExp(`^.*${event}.*support\\.agent@example\\.com ${REASON}`) })).toHaveCount(1);
    }

    // Deleting and roles are an admin's.
    const accountId = new URL(page.url()).searchParams.get("customer") as string;
    const adminOnly = (path: string, body: object) => page.request.post(path, { data: { accountId, reason: REASON, ...body } });
    expect((await adminOnly("/api/support/delete", {})).status()).toBe(403);
    expect((await adminOnly("/api/support/role", { role: "support" })).status()).toBe(403);
    const admin = await newPage(browser, origin);
    await signInAs(admin, "ops.admin@example.com");
    await admin.goto(`/admin/support?customer=${accountId}`);
    const adminActs = admin.getByRole("region", { name: "Act" });
    await adminActs.getByLabel(/^Reason/).fill("Customer asked for their account to be deleted");
    await adminActs.getByRole("button", { name: "Delete the account" }).click();
    await adminActs.getByRole("button", { name: "Yes, delete the account" }).click();
    await expect(admin.getByText(`The account ${CUSTOMER} is deleted.`)).toBeVisible();
  });
}
