import * as client from "openid-client";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pruneAuditTrail } from "../server/auth/kernel/audit-trail.ts";
import { pruneKnownOrigins } from "../server/auth/kernel/known-origins.ts";
import { pruneOneTimeTokens } from "../server/auth/kernel/one-time-tokens.ts";
import { pruneRateLimits } from "../server/auth/kernel/rate-limit.ts";
import { pruneExpiredSessions } from "../server/auth/kernel/session-store.ts";
import { pruneSettledMail } from "../server/mail/outbox.ts";
import { pruneExpiredOidcPayloads } from "../server/provider/adapter.ts";
import { pruneSettledLogoutTokens } from "../server/provider/logout-delivery.ts";
import { pruneTelemetry } from "../server/telemetry/store.ts";
import { drainMail, sessionCookieFrom, tokenFromMail } from "./support/app.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeOnPostgres } from "./support/databases.ts";
import { planOf, type RanStatement, sequentialScans, statementsOf } from "./support/hot-statements.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";

/**
 * Every statement of the hot paths (a password sign-in, an access link asked for and spent, a
 * session check, a token refresh) and of the retention sweeps can be answered through an index:
 * EXPLAIN on PostgreSQL, with sequential scans turned off (enable_seqscan). On a database of a few
 * rows the planner rightly reads small tables whole, so a plain EXPLAIN here would say nothing;
 * filling a million rows would take the suite minutes. With sequential scans off the planner still
 * falls back to one when no index can answer the statement, and that is what this test catches: a
 * statement whose filter no index covers (the idle-session sweep once read every session). Which
 * plan PostgreSQL picks at volume is bench/million-accounts.ts's to show
 * (docs/operations/million-accounts.md).
 */
describeOnPostgres("query plans of the hot statements on %s", () => {
  const kind = "postgres";
  let bed: OidcTestBed;
  let explain: pg.Client;
  beforeAll(async () => {
    bed = await startOidcTestBed(kind);
    explain = new pg.Client({ connectionString: bed.server.database.url });
    await explain.connect();
    await explain.query("set enable_seqscan = off");
  });
  afterAll(async () => {
    await explain?.end();
    await bed?.server.stop();
  });

  /** Tables of a few rows whatever the number of customers: the products, the registered apps, the signing keys. */
  const FIXED_SIZE = new Set(["products", "oidc_clients", "oidc_keys"]);

  it("use an index for every table that grows with the customers", async () => {
    const { server } = bed;
    const headers = { "content-type": "application/json", origin: bed.issuer };
    const statements: RanStatement[] = await statementsOf(async () => {
      const signedIn = await server.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        headers,
        payload: { Email: bed.email, Password: bed.password, ReturnUrl: null },
      });
      expect(signedIn.statusCode).toBe(200);
      const session = await server.app.inject({
        method: "GET",
        url: "/api/dsone/session",
        headers: { cookie: sessionCookieFrom(signedIn) },
      });
      expect(session.statusCode).toBe(200);
      const asked = await server.app.inject({
        method: "POST",
        url: "/api/access-link",
        headers,
        payload: { Email: bed.email, ProductId: 6 },
      });
      expect(asked.statusCode).toBe(200);
      await drainMail(server);
      const token = tokenFromMail(server.delivered.at(-1) as never);
      const spent = await server.app.inject({ method: "POST", url: "/api/access-link/consume", headers, payload: { token } });
      expect(spent.statusCode).toBe(200);
      const agent = await desktopAgentSignIn(bed, new BrowserAgent());
      await client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string, undefined, { DPoP: agent.dpop });
      const { config, db } = server;
      await pruneExpiredSessions(db, config.sessionIdleTimeoutMs);
      await pruneKnownOrigins(db);
      await pruneOneTimeTokens(db);
      await pruneRateLimits(db, config.rateLimits.windowMs);
      await pruneAuditTrail(db, config.auditRetentionMs);
      await pruneExpiredOidcPayloads(db);
      await pruneTelemetry(db, config.telemetry.retentionMs);
      await pruneSettledMail(db, config.outboxRetentionMs);
      await pruneSettledLogoutTokens(db, config.outboxRetentionMs);
    });
    expect(statements.length).toBeGreaterThan(30);
    const readInFull: string[] = [];
    for (const statement of statements) {
      const plan = await planOf(explain, statement);
      const tables = sequentialScans(plan).filter((table) => !FIXED_SIZE.has(table));
      if (tables.length > 0) readInFull.push(`${tables.join(", ")} read in full by: ${statement.text}\n${plan.join("\n")}`);
    }
    expect(readInFull).toEqual([]);

    // The settle after a good password takes its counters' rows in the count's order because each
    // step waits, by a one-time filter over an InitPlan, for the step before (rate-limit.ts,
    // settlingInOrder): a plan of another shape could take them in any order, and deadlock.
    const settle = statements.find((statement) => statement.text.startsWith("with settled_0 as"));
    if (!settle) throw new Error("the password sign-in ran no settle statement");
    const steps = settle.text.match(/settled_\d+ as \(/g)?.length ?? 0;
    expect(steps).toBe(3);
    const plan = await planOf(explain, settle);
    const gated = plan.filter((line) => /One-Time Filter: \(\$\d+ >= 0\)/.test(line));
    expect(gated, plan.join("\n")).toHaveLength(steps - 1);
  });
});
