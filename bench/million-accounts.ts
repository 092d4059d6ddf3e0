import { execFileSync } from "node:child_process";
import { hash } from "@node-rs/argon2";
import { sql } from "kysely";
import * as client from "openid-client";
import pg from "pg";
import { pruneAuditTrail } from "../server/auth/kernel/audit-trail.ts";
import { pruneKnownOrigins } from "../server/auth/kernel/known-origins.ts";
import { pruneRateLimits } from "../server/auth/kernel/rate-limit.ts";
import { pruneExpiredSessions } from "../server/auth/kernel/session-store.ts";
import { type Db, isPostgres } from "../server/db/database.ts";
import type { SweepCost } from "../server/db/retention.ts";
import { pruneSettledMail } from "../server/mail/outbox.ts";
import { pruneExpiredOidcPayloads } from "../server/oidc/adapter.ts";
import { pruneTelemetry } from "../server/telemetry/store.ts";
import { drainMail, sessionCookieFrom, tokenFromMail } from "../test/support/app.ts";
import { BrowserAgent } from "../test/support/browser-agent.ts";
import type { DatabaseKind } from "../test/support/databases.ts";
import { planOf, type RanStatement, sequentialScans, statementsOf } from "../test/support/hot-statements.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../test/support/oidc-flow.ts";

/**
 * The server with a million customers: fills a database with set-based SQL (generate_series on
 * PostgreSQL, a recursive CTE on SQLite), then times the same requests as on an empty one, and
 * answers the ratio. Every request is timed alone, one after another, in this process (Fastify's
 * inject for the sign-ins and session checks, HTTP for the token refreshes): the median of each.
 * On PostgreSQL it then EXPLAINs every statement those requests ran, and the retention sweeps'
 * (with the values of its first run), and times each sweep over the filled tables.
 */

const DAY = 86_400_000;
const PASSWORD = "bench-password-1";
/** The parameters server/auth/kernel/passwords.ts hashes with: every filled account has this password. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

interface Volume {
  accounts: number;
  sessions: number;
  trail: number;
  providerRows: number;
}

const MILLION: Volume = { accounts: 1_000_000, sessions: 2_000_000, trail: 2_000_000, providerRows: 500_000 };

/** Filled account number n's email (1-based). */
const emailOf = (n: number) => `customer${n}@example.com`;

/**
 * Fills the tables a sign-in reads and the sweeps delete from, in a handful of statements: each
 * account with a DS One license and a known browser or address; sessions, trail entries and
 * provider rows spread over the accounts and over time, a share of each past its retention (5% of
 * sessions idle past the timeout, trail entries up to 400 days old, a tenth of provider rows
 * expired, known addresses up to 60 days old). Answers the seconds it took, VACUUM and ANALYZE included.
 */
async function fill(db: Db, volume: Volume, now = Date.now()): Promise<number> {
  const started = performance.now();
  const passwordHash = await hash(PASSWORD, OPTIONS);
  const postgres = isPostgres(db);
  // n from 1 to count: generate_series on PostgreSQL, a recursive CTE on SQLite.
  const series = (count: number) =>
    postgres
      ? sql`generate_series(1, ${count}::bigint) as s(n)`
      : sql`(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s) as s`;
  const hex = (value: ReturnType<typeof sql>, width: number) =>
    postgres ? sql`lpad(to_hex(${value}), ${width}, '0')` : sql`printf('%0${sql.raw(String(width))}x', ${value})`;
  const accountId = (n: ReturnType<typeof sql>) => sql`${hex(n, 8)} || '-0000-4000-8000-' || ${hex(n, 12)}`;
  const owner = sql`(s.n % ${volume.accounts}) + 1`;
  const int = postgres ? sql.raw("::bigint") : sql.raw("");
  const accounts = volume.accounts;
  await sql`insert into accounts (id, email, email_key, password_hash, name, created_at)
    select ${accountId(sql`s.n`)}, 'customer' || s.n || '@example.com', 'customer' || s.n || '@example.com', ${passwordHash}, 'Customer ' || s.n, ${now - 400 * DAY}${int}
    from ${series(accounts)}`.execute(db);
  await sql`insert into licenses (account_id, product_id, state, updated_at)
    select ${accountId(sql`s.n`)}, 6, 'Active', ${now - 400 * DAY}${int} from ${series(accounts)}`.execute(db);
  // A browser for even accounts, an address (up to 60 days old: half past the month) for odd ones.
  await sql`insert into known_origins (account_id, mark, last_seen_at)
    select ${accountId(sql`s.n`)}, case when s.n % 2 = 0 then 'd.' else 'a.' end || ${hex(sql`s.n`, 16)}, ${now}${int} - (s.n % 60) * ${DAY}${int}
    from ${series(accounts)}`.execute(db);
  await sql`insert into sessions (id_hash, account_id, created_at, last_seen_at, expires_at, device, address, amr)
    select ${hex(sql`s.n`, 64)}, ${accountId(owner)}, ${now}${int} - (s.n % 30) * ${DAY}${int},
      case when s.n % 20 = 0 then ${now - 8 * DAY}${int} else ${now}${int} - (s.n % 1000) * 1000 end,
      ${now + 30 * DAY}${int} - (s.n % 30) * ${DAY}${int}, 'Chrome on Windows', '198.51.100.' || (s.n % 250), 'pwd'
    from ${series(volume.sessions)}`.execute(db);
  await sql`insert into audit_events (id, account_id, event, method, brand, address, device, created_at)
    select 'trail-' || s.n, ${accountId(owner)}, 'signed_in', 'password', 'dsone', '198.51.100.' || (s.n % 250), 'Chrome on Windows',
      ${now}${int} - (s.n % 400) * ${DAY}${int}
    from ${series(volume.trail)}`.execute(db);
  await sql`insert into oidc_payloads (model, id, payload, grant_id, uid, account_id, client_id, expires_at)
    select case s.n % 3 when 0 then 'Session' when 1 then 'Grant' else 'RefreshToken' end, ${hex(sql`s.n`, 64)}, '{}',
      'grant-' || (s.n / 3), 'uid-' || s.n, ${accountId(owner)}, 'desktop-agent',
      case when s.n % 10 = 0 then ${now - DAY}${int} else ${now + 14 * DAY}${int} end
    from ${series(volume.providerRows)}`.execute(db);
  // As a database that has been running has them: visibility maps set, statistics gathered, and
  // no autovacuum of the new rows competing with the timed requests.
  await sql.raw(postgres ? "vacuum analyze" : "analyze").execute(db);
  return (performance.now() - started) / 1000;
}

/** The median of `runs` timings of `work`, in milliseconds. */
async function median(runs: number, work: (run: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

interface HotPaths {
  passwordSignIn: number;
  linkRequest: number;
  linkSignIn: number;
  sessionCheck: number;
  tokenRefresh: number;
}

const JSON_POST = { "content-type": "application/json", origin: "" };

/**
 * Each hot path's median time on `bed`: a password sign-in of a filled account (or the bed's own
 * customer when nothing was filled), a link asked for and then spent, a session check, a refresh
 * of a desktop agent's DPoP-bound tokens. `filled` accounts to pick from, at random.
 */
async function timeHotPaths(bed: OidcTestBed, filled: number, runs: number): Promise<HotPaths> {
  const { server } = bed;
  const headers = { ...JSON_POST, origin: bed.issuer };
  const someone = () => (filled > 0 ? emailOf(1 + Math.floor(Math.random() * filled)) : bed.email);
  const password = filled > 0 ? PASSWORD : bed.password;
  let cookie = "";
  const passwordSignIn = await median(runs, async () => {
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      headers,
      payload: { Email: someone(), Password: password, ReturnUrl: null },
    });
    if (answer.statusCode !== 200) throw new Error(`password sign-in answered ${answer.statusCode}: ${answer.body}`);
    cookie = sessionCookieFrom(answer);
  });
  const tokens: string[] = [];
  const linkRequest = await median(runs, async () => {
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      headers,
      payload: { Email: someone(), ProductId: 6 },
    });
    if (answer.statusCode !== 200) throw new Error(`the access-link request answered ${answer.statusCode}: ${answer.body}`);
    await drainMail(server);
    tokens.push(tokenFromMail(server.delivered.at(-1) as never));
  });
  const linkSignIn = await median(runs, async (run) => {
    const answer = await server.app.inject({ method: "POST", url: "/api/access-link/consume", headers, payload: { token: tokens[run] } });
    if (answer.statusCode !== 200) throw new Error(`spending the link answered ${answer.statusCode}: ${answer.body}`);
  });
  const sessionCheck = await median(runs * 5, async () => {
    const answer = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
    if (answer.statusCode !== 200) throw new Error(`the session check answered ${answer.statusCode}`);
  });
  const agent = await desktopAgentSignIn(bed, new BrowserAgent());
  let refreshToken = agent.tokens.refresh_token as string;
  const tokenRefresh = await median(runs, async () => {
    const refreshed = await client.refreshTokenGrant(agent.config, refreshToken, undefined, { DPoP: agent.dpop });
    refreshToken = refreshed.refresh_token ?? refreshToken;
  });
  return { passwordSignIn, linkRequest, linkSignIn, sessionCheck, tokenRefresh };
}

/** The retention sweeps of the tables filled, each timed over them (server/server.ts runs all of them). */
async function sweep(db: Db, bed: OidcTestBed): Promise<Record<string, SweepCost>> {
  const { config } = bed.server;
  return {
    sessions: await pruneExpiredSessions(db, config.sessionIdleTimeoutMs),
    known_origins: await pruneKnownOrigins(db),
    audit_events: await pruneAuditTrail(db, config.auditRetentionMs),
    oidc_payloads: await pruneExpiredOidcPayloads(db),
    rate_limits: await pruneRateLimits(db, config.rateLimits.windowMs),
    telemetry_events: await pruneTelemetry(db, config.telemetry.retentionMs),
    outbox: await pruneSettledMail(db, config.outboxRetentionMs),
  };
}

interface MillionRun {
  database: DatabaseKind;
  volume: Volume;
  fillSeconds: number;
  empty: HotPaths;
  full: HotPaths;
  sweeps: Record<string, SweepCost>;
  /** PostgreSQL: each statement the hot paths and sweeps ran, with its plan. */
  plans: { statement: RanStatement; plan: string[] }[];
}

async function measureMillionAccounts(kind: DatabaseKind, volume = MILLION, runs = 20): Promise<MillionRun> {
  const env = unlimitedRateLimits();
  const emptyBed = await startOidcTestBed(kind, env);
  let empty: HotPaths;
  try {
    // Once so V8 has compiled the paths (the first requests of a process are several times slower).
    await timeHotPaths(emptyBed, 0, 3);
    empty = await timeHotPaths(emptyBed, 0, runs);
  } finally {
    await emptyBed.server.stop();
  }
  const bed = await startOidcTestBed(kind, env);
  try {
    const fillSeconds = await fill(bed.server.db, volume);
    // Once to warm the caches (as an hour-old server has them), once timed and recorded.
    await timeHotPaths(bed, volume.accounts, 3);
    let full: HotPaths | undefined;
    let sweeps: Record<string, SweepCost> = {};
    const statements = await statementsOf(async () => {
      full = await timeHotPaths(bed, volume.accounts, runs);
      sweeps = await sweep(bed.server.db, bed);
    });
    const plans: MillionRun["plans"] = [];
    if (kind === "postgres") {
      const pgClient = new pg.Client({ connectionString: bed.server.database.url });
      await pgClient.connect();
      try {
        for (const statement of statements) plans.push({ statement, plan: await planOf(pgClient, statement) });
      } finally {
        await pgClient.end();
      }
    }
    return { database: kind, volume, fillSeconds, empty, full: full as HotPaths, sweeps, plans };
  } finally {
    await bed.server.stop();
  }
}

const HOT_PATH_NAMES: Record<keyof HotPaths, string> = {
  passwordSignIn: "password sign-in",
  linkRequest: "access link asked for (and mailed)",
  linkSignIn: "access link spent",
  sessionCheck: "session check",
  tokenRefresh: "token refresh (DPoP)",
};

function describeMillionRun(run: MillionRun, { plans = true } = {}): string[] {
  const { volume } = run;
  const lines = [
    `${run.database}: ${volume.accounts.toLocaleString("en")} accounts and licenses, ${volume.sessions.toLocaleString("en")} sessions, ${volume.trail.toLocaleString("en")} trail entries, ${volume.providerRows.toLocaleString("en")} provider rows, filled in ${run.fillSeconds.toFixed(1)} s`,
    "  median ms            empty   full   ratio (goal within 1.5x)",
  ];
  for (const [key, name] of Object.entries(HOT_PATH_NAMES) as [keyof HotPaths, string][])
    lines.push(
      `  ${name.padEnd(36)} ${run.empty[key].toFixed(2).padStart(6)} ${run.full[key].toFixed(2).padStart(6)} ${(run.full[key] / run.empty[key]).toFixed(2).padStart(6)}x`,
    );
  lines.push("  retention sweeps over the filled tables (batches of 1,000):");
  for (const [table, cost] of Object.entries(run.sweeps))
    lines.push(
      `    ${table.padEnd(18)} ${cost.rows.toLocaleString("en").padStart(9)} rows in ${String(cost.batches).padStart(4)} statements, ${(cost.ms / 1000).toFixed(2)} s, longest statement ${cost.longestBatchMs.toFixed(1)} ms`,
    );
  if (run.database === "postgres") {
    const full = run.plans.filter(({ plan }) => sequentialScans(plan).some((table) => !SMALL_TABLES.has(table)));
    lines.push(`  ${run.plans.length} statements explained; reading a large table in full: ${full.length}`);
    for (const { statement, plan } of plans ? run.plans : full) {
      if (process.env.BENCH_ONLY_FULL && !full.some((entry) => entry.plan === plan)) continue;
      lines.push(`  > ${statement.text.replace(/\s+/g, " ").slice(0, 150)}`);
      for (const line of plan) lines.push(`      ${line}`);
    }
  }
  return lines;
}

/** Tables of a few rows whatever the number of customers (products, clients, keys): a full read is their cheapest. */
const SMALL_TABLES = new Set(["products", "oidc_clients", "oidc_keys", "dev_mailbox"]);

if (import.meta.main) {
  if (!process.env.TEST_POSTGRES_URL) {
    try {
      const found = execFileSync("bash", ["scripts/ensure-postgres.sh"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      process.env.TEST_POSTGRES_URL = found
        .trim()
        .split("\n")
        .at(-1)
        ?.replace(/^TEST_POSTGRES_URL=/, "");
    } catch {
      // No PostgreSQL: SQLite alone.
    }
  }
  const scale = Number(process.env.BENCH_ACCOUNTS ?? MILLION.accounts) / MILLION.accounts;
  const volume: Volume = {
    accounts: Math.round(MILLION.accounts * scale),
    sessions: Math.round(MILLION.sessions * scale),
    trail: Math.round(MILLION.trail * scale),
    providerRows: Math.round(MILLION.providerRows * scale),
  };
  const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["postgres", "sqlite"] : ["sqlite"];
  for (const kind of kinds) for (const line of describeMillionRun(await measureMillionAccounts(kind, volume))) console.log(line);
}
