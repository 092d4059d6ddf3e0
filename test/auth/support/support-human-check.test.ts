import { afterAll, beforeAll, expect, it } from "vitest";
import type { SupportCustomer } from "../../../common/api/contract.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { asksForHumanCheck } from "../../../server/auth/kernel/challenge-gate.ts";
import { sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/**
 * The console says which of a customer's limits asks for a human check (decision 93), so support
 * can tell them why they see it; clearing the customer's limits lifts it.
 */
const ORIGIN = "http://localhost:3000";
const AGENT = { email: "agent@example.com", password: "support agent password" };
const CUSTOMER = "asked@example.com";

describeEachDatabase("the human check in the support console on %s", (kind) => {
  let server: TestServer;
  let agent: string;
  let customerId: string;
  let ip = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      CAPTCHA_PROVIDER: "pow",
      CHALLENGE_THRESHOLD: "50",
      // Two link mails asked for by others, of four, and the next one asks for a check.
      ACCESS_LINK_LIMIT_PER_EMAIL: "4",
    });
    await createAccount(server.db, { ...AGENT, product: "dsone", role: "support" });
    customerId = (await createAccount(server.db, { email: CUSTOMER, product: "dsone", name: "Sam" })).id;
    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      remoteAddress: "198.51.100.250",
      headers: { origin: ORIGIN },
      payload: { Email: AGENT.email, Password: AGENT.password },
    });
    expect(signedIn.statusCode).toBe(200);
    agent = sessionCookieFrom(signedIn);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A link asked for the customer, each time from an address of its own: only the email's count grows. */
  function askForLink() {
    ip += 1;
    return server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: `198.51.100.${ip}`,
      headers: { origin: ORIGIN },
      payload: { Email: CUSTOMER, ProductId: 6 },
    });
  }

  const support = (action: string, body: Record<string, unknown> = {}) =>
    server.app.inject({
      method: "POST",
      url: `/api/support/${action}`,
      headers: { origin: ORIGIN, cookie: agent },
      payload: { accountId: customerId, ...body },
    });

  async function linkLimit(): Promise<SupportCustomer["limits"][number] | undefined> {
    const answer = await support("customer");
    expect(answer.statusCode).toBe(200);
    return answer.json<SupportCustomer>().limits.find((limit) => limit.what === "Sign-in link emails asked for by others");
  }

  it("says a limit asks for a human check past its threshold, not below it, and clearing the limits lifts it", async () => {
    expect((await askForLink()).statusCode).toBe(200);
    expect(await linkLimit()).toMatchObject({ count: 1, limit: 4, reached: false, challenged: false });

    expect((await askForLink()).statusCode).toBe(200);
    expect(await linkLimit()).toMatchObject({ count: 2, limit: 4, reached: false, challenged: true });
    // As the console said: the customer's next link asks for a check.
    expect((await askForLink()).statusCode).toBe(428);

    const cleared = await support("clear-limits", { reason: "ticket 93: asked to prove they're a person" });
    expect(cleared.statusCode).toBe(200);
    expect(await linkLimit()).toBeUndefined();
    expect((await askForLink()).statusCode).toBe(200);
    const trail = await server.db.selectFrom("audit_events").select(["event", "reason"]).where("account_id", "=", customerId).execute();
    expect(trail).toContainEqual({ event: "rate_limits_cleared", reason: "ticket 93: asked to prove they're a person" });
  });

  it("says nothing of a human check with no provider chosen, on a counter it does not guard, or past a limit that refuses", () => {
    const config = server.config;
    const off = { ...config, challenge: { ...config.challenge, provider: "off" as const } };
    expect(asksForHumanCheck(config, "accessLinkPerEmail", 3)).toBe(true);
    expect(asksForHumanCheck(off, "accessLinkPerEmail", 3)).toBe(false);
    expect(asksForHumanCheck(config, "newSignInMailPerAccount", 5)).toBe(false);
    expect(asksForHumanCheck(config, "accessLinkPerEmail", 4)).toBe(false);
    // At a password's step-up point the check stands in for the refusal.
    const stepUp = config.rateLimits.limits.passwordFailuresPerEmailAndOrigin;
    expect(asksForHumanCheck(config, "passwordFailuresPerEmailAndOrigin", stepUp)).toBe(true);
    expect(asksForHumanCheck(off, "passwordFailuresPerEmailAndOrigin", stepUp)).toBe(false);
  });
});
