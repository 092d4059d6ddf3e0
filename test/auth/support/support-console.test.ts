import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SupportCustomer, SupportSearchAnswer } from "../../../common/api/contract.ts";
import { createAccount, linkDevice } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { drainMail, tokenFromMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../../support/oidc-flow.ts";

const AGENT = { email: "agent@example.com", password: "support agent password" };
const ADMIN = { email: "chief@example.com", password: "support admin password" };
const DEVICE = "1b4e28ba-2fa1-11d2-883f-0016d3cca427";

/**
 * The support console's API: who may use it, what an agent sees of a customer, and each action,
 * written to the customer's trail with the agent and the reason.
 */
describeEachDatabase("the support console on %s", (kind) => {
  let bed: OidcTestBed;
  let agentId: string;
  let adminId: string;

  beforeAll(async () => {
    // Real limits for wrong passwords from one place: the lockout is what support clears.
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "2" });
    agentId = (await createAccount(bed.server.db, { ...AGENT, role: "support" })).id;
    adminId = (await createAccount(bed.server.db, { ...ADMIN, role: "admin" })).id;
    await linkDevice(bed.server.db, bed.email, "dsone", DEVICE);
    await linkIdentity(bed.server.db, { provider: "google", subject: "g-4711", email: bed.email }, bed.accountId, { operator: "test" });
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown, headers: Record<string, string> = {}) =>
    browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer, ...headers },
      body: JSON.stringify(body),
    });
  const signIn = async (who: { email: string; password: string }) => {
    const browser = new BrowserAgent();
    expect((await post(browser, "/api/dsone/password-login", { Email: who.email, Password: who.password })).status).toBe(200);
    return browser;
  };
  const view = async (browser: BrowserAgent, accountId = bed.accountId) =>
    (await (await post(browser, "/api/support/customer", { accountId })).json()) as SupportCustomer;
  const act = (browser: BrowserAgent, action: string, extra: Record<string, unknown> = {}) =>
    post(browser, `/api/support/${action}`, { accountId: bed.accountId, reason: "ticket 1234", ...extra });

  it("finds a customer by a prefix of their email, by a device, by a Google subject, and records who looked", async () => {
    const agent = await signIn(AGENT);
    const search = async (query: string) => (await (await post(agent, "/api/support/search", { query })).json()) as SupportSearchAnswer;
    expect((await search("OIDC.cust")).matches.map((match) => match.email)).toEqual([bed.email]);
    expect((await search(DEVICE.toUpperCase())).matches.map((match) => match.email)).toEqual([bed.email]);
    expect((await search("g-4711")).matches.map((match) => match.email)).toEqual([bed.email]);
    // "_" and "%" are themselves, not wildcards.
    expect((await search("oidc_")).matches).toEqual([]);
    expect((await search("%")).matches).toEqual([]);
    const trail = await bed.server.db
      .selectFrom("audit_events")
      .select(["event", "actor"])
      .where("account_id", "=", bed.accountId)
      .execute();
    expect(trail).toContainEqual({ event: "support_searched", actor: `support:${agentId}` });
  });

  it("shows a failed delivery and a lockout; clearing it lets the right password in; a fresh link arrives unseen", async () => {
    const customer = new BrowserAgent();
    const wrong = () => post(customer, "/api/dsone/password-login", { Email: bed.email, Password: "not the password" });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
    // A mail the relay refused for good.
    await post(customer, "/api/password/forgot", { email: bed.email, ProductId: 6 });
    // Delivered first, so no delivery in flight can overwrite the state set here.
    await drainMail(bed.server);
    await bed.server.db
      .updateTable("outbox")
      .set({ sent_at: null, failed_at: Date.now(), last_error: "550 5.1.1 mailbox unavailable", attempts: 1 })
      .where("subject", "=", "Reset your DS One password")
      .execute();

    const agent = await signIn(AGENT);
    const page = await view(agent);
    expect(page.account).toMatchObject({ email: bed.email, passwordSet: true, disabledAt: null });
    expect(page.devices.map((device) => device.uuid)).toEqual([DEVICE]);
    expect(page.google.map((login) => login.subject)).toEqual(["g-4711"]);
    expect(page.mails).toContainEqual(
      expect.objectContaining({ subject: "Reset your DS One password", state: "failed", lastError: "550 5.1.1 mailbox unavailable" }),
    );
    expect(JSON.stringify(page.mails)).not.toMatch(/token=|code=/);
    const lockout = page.limits.find((limit) => limit.what.startsWith("Wrong passwords from one address"));
    // No provider is chosen here: past the step-up point the attempt is refused, not asked for a check.
    expect(lockout).toMatchObject({ count: 3, limit: 2, reached: true, challenged: false });
    expect(lockout?.until).toBeGreaterThan(Date.now());

    const cleared = await act(agent, "clear-limits");
    expect(await cleared.json()).toMatchObject({ isOk: true, cleared: expect.any(Number) });
    expect((await post(customer, "/api/dsone/password-login", { Email: bed.email, Password: bed.password })).status).toBe(200);

    const sent = await act(agent, "send-link", { ProductId: 6 });
    expect(sent.status).toBe(200);
    expect(await sent.text()).not.toMatch(/token/);
    await drainMail(bed.server);
    const mail = bed.server.delivered.findLast((each) => each.to === bed.email && each.subject === "Your DS One sign-in link");
    expect(mail?.text).toContain("If you did not ask our support team for a link");
    // The link works for the customer, and the agent's view never holds it.
    const token = tokenFromMail(mail as never);
    expect(JSON.stringify(await view(agent))).not.toContain(token);
    expect((await post(new BrowserAgent(), "/api/access-link/consume", { token })).status).toBe(200);

    const trail = (await view(agent)).trail;
    expect(trail).toContainEqual(expect.objectContaining({ event: "rate_limits_cleared", by: AGENT.email, reason: "ticket 1234" }));
    expect(trail).toContainEqual(expect.objectContaining({ event: "access_link_requested", by: AGENT.email, reason: "ticket 1234" }));
  });

  it("signs the customer out everywhere, disables the account against every way in, and enables it again", async () => {
    const customer = new BrowserAgent();
    const desktop = await desktopAgentSignIn(bed, customer);
    const agent = await signIn(AGENT);
    expect((await act(agent, "sign-out-everywhere")).status).toBe(200);
    expect((await customer.request(`${bed.issuer}/api/me`)).status).toBe(401);
    await expect(client.refreshTokenGrant(desktop.config, desktop.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    // A link asked for before the account was disabled does not sign in after.
    const early = new BrowserAgent();
    await post(early, "/api/access-link", { Email: bed.email, ProductId: 6 });
    await drainMail(bed.server);
    const earlyToken = tokenFromMail(bed.server.delivered.findLast((each) => each.to === bed.email) as never);
    const signedIn = await signIn(bed);
    expect((await act(agent, "disable", { disabled: true })).status).toBe(200);
    expect((await signedIn.request(`${bed.issuer}/api/me`)).status).toBe(401);
    const refused = "This account is disabled, so it cannot sign in. Please contact support.";
    const password = await post(new BrowserAgent(), "/api/dsone/password-login", { Email: bed.email, Password: bed.password });
    expect([password.status, ((await password.json()) as { message: string }).message]).toEqual([403, refused]);
    const link = await post(new BrowserAgent(), "/api/access-link", { Email: bed.email, ProductId: 6 });
    expect([link.status, ((await link.json()) as { message: string }).message]).toEqual([403, refused]);
    const consume = await post(early, "/api/access-link/consume", { token: earlyToken });
    expect(consume.status).toBe(403);
    expect((await act(agent, "send-link", { ProductId: 6 })).status).toBe(403);
    expect((await view(agent)).account.disabledAt).toEqual(expect.any(Number));

    expect((await act(agent, "disable", { disabled: false })).status).toBe(200);
    // The link was left unspent by the refusal: it works now.
    expect((await post(early, "/api/access-link/consume", { token: earlyToken })).status).toBe(200);
    const events = (await view(agent)).trail.map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(["signed_out_everywhere", "account_disabled", "account_enabled"]));
  });

  it("refuses a customer, a signed-out caller, another site, an agent's own account, and a support agent's admin actions", async () => {
    const customer = await signIn(bed);
    expect((await post(customer, "/api/support/search", { query: "a" })).status).toBe(403);
    expect((await customer.request(`${bed.issuer}/api/support/agent`)).status).toBe(403);
    expect((await post(new BrowserAgent(), "/api/support/search", { query: "a" })).status).toBe(401);
    const agent = await signIn(AGENT);
    expect(await (await agent.request(`${bed.issuer}/api/support/agent`)).json()).toEqual({ email: AGENT.email, role: "support" });
    expect((await post(agent, "/api/support/search", { query: "a" }, { origin: "https://evil.example" })).status).toBe(403);
    const own = await post(agent, "/api/support/role", { accountId: agentId, reason: "promote myself", role: "admin" });
    expect(own.status).toBe(403);
    expect((await post(agent, "/api/support/sign-out-everywhere", { accountId: agentId, reason: "my own" })).status).toBe(403);
    expect((await act(agent, "role", { role: "support" })).status).toBe(403);
    expect((await act(agent, "delete")).status).toBe(403);
    expect((await act(agent, "clear-limits", { reason: "" })).status).toBe(400);
    // The team is an admin's to act on: an agent cannot sign out or disable an admin or another agent.
    const otherAgentId = (await createAccount(bed.server.db, { email: "other.agent@example.com", role: "support" })).id;
    for (const target of [adminId, otherAgentId]) {
      for (const [action, extra] of [
        ["sign-out-everywhere", {}],
        ["disable", { disabled: true }],
        ["clear-limits", {}],
        ["send-link", { ProductId: 6 }],
      ] as const) {
        const refused = await post(agent, `/api/support/${action}`, { accountId: target, reason: "ticket 1234", ...extra });
        expect(refused.status, `${action} on ${target}`).toBe(403);
      }
    }
    expect(await bed.server.db.selectFrom("accounts").select("disabled_at").where("id", "=", adminId).executeTakeFirst()).toEqual({
      disabled_at: null,
    });
    expect((await post(agent, "/api/support/customer", { accountId: "no-such-account" })).status).toBe(404);

    const admin = await signIn(ADMIN);
    expect((await post(admin, "/api/support/role", { accountId: adminId, reason: "demote myself", role: "none" })).status).toBe(403);
    expect((await act(admin, "role", { role: "support" })).status).toBe(200);
    expect((await view(admin)).account.role).toBe("support");
    expect((await act(admin, "role", { role: "none" })).status).toBe(200);
    expect((await act(admin, "delete")).status).toBe(200);
    expect((await post(admin, "/api/support/customer", { accountId: bed.accountId })).status).toBe(404);
    const record = await bed.server.db
      .selectFrom("audit_events")
      .select(["actor", "reason"])
      .where("event", "=", "account_deleted")
      .execute();
    expect(record).toContainEqual({ actor: `support:${adminId}`, reason: "ticket 1234" });
  });
});
