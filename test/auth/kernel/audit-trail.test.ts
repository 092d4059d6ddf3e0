import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAccount } from "../../../server/auth/account/account-deletion.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { accountActivity, pruneAuditTrail } from "../../../server/auth/kernel/audit-trail.ts";
import { signAccountOutEverywhere } from "../../../server/auth/kernel/sign-out.ts";
import { describeUserAgent } from "../../../server/http/user-agent.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";

const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const EMAIL = "trail@example.com";
const PASSWORD = "a trail of passwords";

/**
 * The account's security trail: every sign-in, refusal, request, password change and sign-out is
 * written with what the account page and support need (how, from which network and browser), in
 * the transaction of what it records, and never with a secret.
 */
describeEachDatabase("the security trail on %s", (kind) => {
  let server: TestServer;
  let accountId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, unlimitedRateLimits());
    accountId = (await createAccount(server.db, { email: EMAIL, password: PASSWORD, product: "dsone" })).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = "203.0.113.7") =>
    server.app.inject({ method: "POST", url, payload: payload as Record<string, unknown>, headers, remoteAddress });

  const events = async () => (await accountActivity(server.db, accountId)).reverse();

  it("records a link sign-in, a refused and a good password, a reset and a logout, in order, with no secret", async () => {
    const fromChrome = { "user-agent": CHROME_ON_WINDOWS };
    expect((await post("/api/access-link", { Email: EMAIL, ProductId: 6 }, fromChrome)).statusCode).toBe(200);
    await drainMail(server);
    const token = tokenFromMail(server.delivered.at(-1) as never);
    const linkSession = sessionCookieFrom(await post("/api/access-link/consume", { token }, fromChrome));

    const fromPhone = { "user-agent": SAFARI_ON_IPHONE };
    const ipv6 = "2001:db8:85a3:12:8a2e:370:7334:1";
    expect((await post("/api/dsone/password-login", { Email: EMAIL, Password: "not it at all" }, fromPhone, ipv6)).statusCode).toBe(401);
    expect((await post("/api/dsone/password-login", { Email: EMAIL, Password: PASSWORD }, fromPhone, ipv6)).statusCode).toBe(200);

    expect((await post("/api/password/forgot", { email: EMAIL }, fromChrome)).statusCode).toBe(200);
    await drainMail(server);
    const code = server.delivered.at(-1)?.text.match(/code=([A-Za-z0-9_-]{43})/)?.[1] as string;
    const reset = await post(
      "/api/password/reset",
      { Code: code, Email: EMAIL, Password: "the next passphrase", ConfirmPassword: "the next passphrase" },
      // From the browser signed in by the link: its session is the one the reset keeps.
      { ...fromChrome, cookie: linkSession },
    );
    expect(reset.statusCode).toBe(200);
    expect((await post("/api/session/logout", {}, { ...fromChrome, cookie: linkSession })).statusCode).toBe(200);

    const trail = await events();
    expect(trail.map((entry) => [entry.event, entry.method])).toEqual([
      ["access_link_requested", null],
      ["signed_in", "link"],
      ["new_browser", null],
      ["sign_in_refused", "password"],
      ["signed_in", "password"],
      ["new_browser", null],
      ["password_reset_requested", null],
      ["password_changed", null],
      ["signed_out", null],
    ]);
    expect(trail[1]).toMatchObject({ brand: "dsone", address: "203.0.113.7", device: "Chrome on Windows", actor: null });
    // IPv6 is kept by its /64, the network a customer's line is given, never the address.
    expect(trail[3]).toMatchObject({ address: "2001:db8:85a3:12::/64", device: "Safari on iOS", reason: "wrong password" });
    const stored = JSON.stringify(await server.db.selectFrom("audit_events").selectAll().execute());
    for (const secret of [token, code, PASSWORD, "not it at all", CHROME_ON_WINDOWS]) expect(stored).not.toContain(secret);
  });

  it("records an operator's action with who took it, keeps only that a deletion happened, and prunes by age", async () => {
    await signAccountOutEverywhere(server.db, EMAIL, { operator: "cli:support-7" });
    expect((await events()).at(-1)).toMatchObject({ event: "signed_out_everywhere", actor: "cli:support-7", address: null });

    const old = Date.now() - 400 * 86_400_000;
    await server.db.updateTable("audit_events").set({ created_at: old }).where("event", "=", "access_link_requested").execute();
    await pruneAuditTrail(server.db, 365 * 86_400_000);
    expect((await events()).map((entry) => entry.event)).not.toContain("access_link_requested");
    expect((await events()).length).toBeGreaterThan(5);

    await removeAccount(server.db, server.config, EMAIL, { operator: "cli:support-7" });
    const left = await server.db.selectFrom("audit_events").selectAll().execute();
    expect(left.map((row) => [row.event, row.account_id, row.actor])).toEqual([["account_deleted", null, "cli:support-7"]]);
    expect(JSON.stringify(left)).not.toContain(EMAIL);
  });
});

it("describes a browser in a few words, never keeping the user agent", () => {
  expect(describeUserAgent(CHROME_ON_WINDOWS)).toBe("Chrome on Windows");
  expect(describeUserAgent(SAFARI_ON_IPHONE)).toBe("Safari on iOS");
  expect(
    describeUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"),
  ).toBe("Safari on macOS");
  expect(
    describeUserAgent(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    ),
  ).toBe("Edge on Windows");
  expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Linux");
  expect(
    describeUserAgent(
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    ),
  ).toBe("Samsung Internet on Android");
  expect(
    describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36"),
  ).toBe("Chrome on Linux");
  expect(describeUserAgent(undefined)).toBe("an unknown browser");
  expect(describeUserAgent("x".repeat(100_000))).toBe("an unknown browser");
});
