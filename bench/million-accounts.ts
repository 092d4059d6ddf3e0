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
import { pruneExpiredOidcPayloads } from "../server/provider/adapter.ts";
import { pruneTelemetry } from "../server/telemetry/store.ts";
import { drainMail, sessionCookieFrom, type TestServer, tokenFromMail } from "../test/support/app.ts";
import { BrowserAgent } from "../test/support/browser-agent.ts";
import type { DatabaseKind } from "../test/support/databases.ts";
import { planOf, type RanStatement, sequentialScans, statementsOf } from "../test/support/hot-statements.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../test/support/oidc-flow.ts";
import { type LoadSeconds, loadIntoPostgres, loadIntoSqlite, type TableFill } from "./bulk-load.ts";

/**
 * The server with a million customers: fills a database with set-based SQL (generate_series on
 * PostgreSQL, a recursive CTE on SQLite), then times the same requests on it and on a nearly
 * empty one filled alike (SMALL), in turns, and answers the ratio. Every request is timed alone,
 * one after another, in this process (Fastify's inject for the sign-ins and session checks, HTTP
 * for the token refreshes): the median of each.
 * On PostgreSQL it then EXPLAINs every statement those requests ran, and the retention sweeps'
 * (with the values of its first run), and times each sweep over the filled tables.
 */

const DAY = 86_400_000;
const PASSWORD = "bench-password-1";
/** The parameters server/secrets/passwords.ts hashes with: every filled account has this password. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

interface Volume {
  accounts: number;
  sessions: number;
  trail: number;
  providerRows: number;
}

const MILLION: Volume = { accounts: 1_000_000, sessions: 2_000_000, trail: 2_000_000, providerRows: 500_000 };

/** The million's shape for `accounts` accounts: as many sessions, trail entries and provider rows each. */
function scaled(accounts: number): Volume {
  const scale = accounts / MILLION.accounts;
  return {
    accounts,
    sessions: Math.round(MILLION.sessions * scale),
    trail: Math.round(MILLION.trail * scale),
    providerRows: Math.round(MILLION.providerRows * scale),
  };
}

/**
 * The database the full one is set against: the empty database's stand-in, a thousandth of the
 * million filled alike, its tables a few pages each. Against one customer, as the bench first
 * measured, every sign-in and link piled sessions, browsers and links onto the same account, and
 * spending a link was slower there than on the million's accounts, each fresh.
 */
const SMALL = scaled(1_000);

/** Filled account number n's email (1-based). */
const emailOf = (n: number) => `customer${n}@example.com`;

/**
 * Fills the tables a sign-in reads and the sweeps delete from, one set-based statement a table:
 * each account with a DS One license and a known browser or address; sessions, trail entries and
 * provider rows spread over the accounts and over time, a share of each past its retention (5% of
 * sessions idle past the timeout, trail entries up to 400 days old, a tenth of provider rows
 * expired, known addresses up to 60 days old). Loaded as a restore loads (bench/bulk-load.ts):
 * the rows first, then the indexes and constraints, then VACUUM and ANALYZE on PostgreSQL (as a
 * database that has been running has them: visibility maps set, statistics gathered, and no
 * autovacuum of the new rows competing with the timed requests), ANALYZE on SQLite.
 */
async function fill(server: TestServer, volume: Volume, now = Date.now()): Promise<Filled> {
  const started = performance.now();
  const passwordHash = await hash(PASSWORD, OPTIONS);
  const postgres = isPostgres(server.db);
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
  // Accounts first: SQLite checks each row's account as it is inserted.
  const fills: TableFill[] = [
    {
      table: "accounts",
      rows: sql`insert into accounts (id, email, email_key, password_hash, name, created_at)
        select ${accountId(sql`s.n`)}, 'customer' || s.n || '@example.com', 'customer' || s.n || '@example.com', ${passwordHash}, 'Customer ' || s.n, ${now - 400 * DAY}${int}
        from ${series(accounts)}`,
    },
    {
      table: "licenses",
      rows: sql`insert into licenses (account_id, product_id, state, updated_at, created_at)
        select ${accountId(sql`s.n`)}, 6, 'Active', ${now - 400 * DAY}${int}, ${now - 400 * DAY}${int} from ${series(accounts)}`,
    },
    {
      table: "known_origins",
      // A browser for even accounts, an address (up to 60 days old: half past the month) for odd ones.
      rows: sql`insert into known_origins (account_id, mark, last_seen_at)
        select ${accountId(sql`s.n`)}, case when s.n % 2 = 0 then 'd.' else 'a.' end || ${hex(sql`s.n`, 16)}, ${now}${int} - (s.n % 60) * ${DAY}${int}
        from ${series(accounts)}`,
    },
    {
      table: "sessions",
      rows: sql`insert into sessions (id_hash, account_id, created_at, last_seen_at, expires_at, device, address, amr)
        select ${hex(sql`s.n`, 64)}, ${accountId(owner)}, ${now}${int} - (s.n % 30) * ${DAY}${int},
          case when s.n % 20 = 0 then ${now - 8 * DAY}${int} else ${now}${int} - (s.n % 1000) * 1000 end,
          ${now + 30 * DAY}${int} - (s.n % 30) * ${DAY}${int}, 'Chrome on Windows', '198.51.100.' || (s.n % 250), 'pwd'
        from ${series(volume.sessions)}`,
    },
    {
      table: "audit_events",
      rows: sql`insert into audit_events (id, account_id, event, method, brand, address, device, created_at)
        select 'trail-' || s.n, ${accountId(owner)}, 'signed_in', 'password', 'dsone', '198.51.100.' || (s.n % 250), 'Chrome on Windows',
          ${now}${int} - (s.n % 400) * ${DAY}${int}
        from ${series(volume.trail)}`,
    },
    {
      table: "oidc_payloads",
      rows: sql`insert into oidc_payloads (model, id, payload, grant_id, uid, account_id, client_id, expires_at)
        select case s.n % 3 when 0 then 'Session' when 1 then 'Grant' else 'RefreshToken' end, ${hex(sql`s.n`, 64)}, '{}',
          'grant-' || (s.n / 3), 'uid-' || s.n, ${accountId(owner)}, 'desktop-agent',
          case when s.n % 10 = 0 then ${now - DAY}${int} else ${now + 14 * DAY}${int} end
        from ${series(volume.providerRows)}`,
    },
  ];
  const phases = postgres ? await loadIntoPostgres(server.database.url, fills) : await loadIntoSqlite(server.db, fills);
  return { seconds: (performance.now() - started) / 1000, phases };
}

interface Filled {
  seconds: number;
  phases: LoadSeconds;
}

interface HotPaths {
  passwordSignIn: number;
  linkRequest: number;
  linkSignIn: number;
  sessionCheck: number;
  tokenRefresh: number;
}

type HotPath = keyof HotPaths;

/** One request of each hot path, made again at each call. */
type HotPathRequests = Record<HotPath, () => Promise<void>>;

const JSON_POST = { "content-type": "application/json", origin: "" };

/**
 * The hot paths' requests on `bed`: a password sign-in of a filled account, a link asked for by
 * one, a link spent (the oldest asked for and not yet spent), a check of the last sign-in's session, a
 * refresh of a desktop agent's DPoP-bound tokens. `filled` accounts to pick from, at random.
 */
async function hotPathRequests(bed: OidcTestBed, filled: number): Promise<HotPathRequests> {
  const { server } = bed;
  const headers = { ...JSON_POST, origin: bed.issuer };
  const someone = () => emailOf(1 + Math.floor(Math.random() * filled));
  let cookie = "";
  const links: string[] = [];
  const agent = await desktopAgentSignIn(bed, new BrowserAgent());
  let refreshToken = agent.tokens.refresh_token as string;
  return {
    async passwordSignIn() {
      const answer = await server.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        headers,
        payload: { Email: someone(), Password: PASSWORD, ReturnUrl: null },
      });
      if (answer.statusCode !== 200) throw new Error(`password sign-in answered ${answer.statusCode}: ${answer.body}`);
      cookie = sessionCookieFrom(answer);
    },
    async linkRequest() {
      const answer = await server.app.inject({
        method: "POST",
        url: "/api/access-link",
        headers,
        payload: { Email: someone(), ProductId: 6 },
      });
      if (answer.statusCode !== 200) throw new Error(`the access-link request answered ${answer.statusCode}: ${answer.body}`);
      await drainMail(server);
      links.push(tokenFromMail(server.delivered.at(-1) as never));
    },
    async linkSignIn() {
      const token = links.shift();
      if (token === undefined) throw new Error("no link asked for is left to spend");
      const answer = await server.app.inject({ method: "POST", url: "/api/access-link/consume", headers, payload: { token } });
      if (answer.statusCode !== 200) throw new Error(`spending the link answered ${answer.statusCode}: ${answer.body}`);
    },
    async sessionCheck() {
      const answer = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
      if (answer.statusCode !== 200) throw new Error(`the session check answered ${answer.statusCode}`);
    },
    async tokenRefresh() {
      const refreshed = await client.refreshTokenGrant(agent.config, refreshToken, undefined, { DPoP: agent.dpop });
      refreshToken = refreshed.refresh_token ?? refreshToken;
    },
  };
}

/** Untimed requests of each path on each database before its timed ones: V8 compiles a path in its first few. */
const WARM_UP = 10;

/**
 * Each hot path's median time on the small and the full database, the two taken in turns, one
 * request each, the first of a pair alternating: neither is measured earlier in the process (when
 * V8 has compiled less of the path) nor at another moment of a shared machine's load. `runs` of
 * each path (five times as many session checks), after WARM_UP untimed ones, the same way.
 */
async function timeSideBySide(small: HotPathRequests, full: HotPathRequests, runs: number): Promise<{ small: HotPaths; full: HotPaths }> {
  const medians = { small: {} as HotPaths, full: {} as HotPaths };
  for (const path of Object.keys(HOT_PATH_NAMES) as HotPath[]) {
    const times = { small: [] as number[], full: [] as number[] };
    const timed = path === "sessionCheck" ? runs * 5 : runs;
    for (let run = -WARM_UP; run < timed; run++) {
      for (const side of run % 2 === 0 ? (["small", "full"] as const) : (["full", "small"] as const)) {
        const started = performance.now();
        await (side === "small" ? small : full)[path]();
        if (run >= 0) times[side].push(performance.now() - started);
      }
    }
    medians.small[path] = median(times.small);
    medians.full[path] = median(times.full);
  }
  return medians;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
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
  filled: Filled;
  small: HotPaths;
  full: HotPaths;
  sweeps: Record<string, SweepCost>;
  /** PostgreSQL: each statement the hot paths and sweeps ran, with its plan. */
  plans: { statement: RanStatement; plan: string[] }[];
}

async function measureMillionAccounts(kind: DatabaseKind, volume = MILLION, runs = 60): Promise<MillionRun> {
  const env = unlimitedRateLimits();
  const smallBed = await startOidcTestBed(kind, env);
  let smallStopped = false;
  const stopSmall = async () => {
    if (smallStopped) return;
    smallStopped = true;
    await smallBed.server.stop();
  };
  try {
    const bed = await startOidcTestBed(kind, env);
    try {
      await fill(smallBed.server, SMALL);
      const filled = await fill(bed.server, volume);
      const { small, full } = await timeSideBySide(
        await hotPathRequests(smallBed, SMALL.accounts),
        await hotPathRequests(bed, volume.accounts),
        runs,
      );
      // The statements to explain: a few more requests of the full database alone (a desktop
      // agent's sign-in included), and its sweeps. The small database's server is stopped first:
      // the capture sees every client of this process, and its background work is not the full one's.
      await stopSmall();
      let sweeps: Record<string, SweepCost> = {};
      const statements = await statementsOf(async () => {
        const requests = await hotPathRequests(bed, volume.accounts);
        for (const path of Object.keys(HOT_PATH_NAMES) as HotPath[]) for (let run = 0; run < 3; run++) await requests[path]();
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
      return { database: kind, volume, filled, small, full, sweeps, plans };
    } finally {
      await bed.server.stop();
    }
  } finally {
    await stopSmall();
  }
}

const HOT_PATH_NAMES: Record<HotPath, string> = {
  passwordSignIn: "password sign-in",
  linkRequest: "access link asked for (and mailed)",
  linkSignIn: "access link spent",
  sessionCheck: "session check",
  tokenRefresh: "token refresh (DPoP)",
};

function describeMillionRun(run: MillionRun, { plans = true } = {}): string[] {
  const { volume } = run;
  const lines = [
    `${run.database}: ${volume.accounts.toLocaleString("en")} accounts and licenses, ${volume.sessions.toLocaleString("en")} sessions, ${volume.trail.toLocaleString("en")} trail entries, ${volume.providerRows.toLocaleString("en")} provider rows, filled in ${describeFill(run)}`,
    `  ${`median ms (small: ${SMALL.accounts.toLocaleString("en")} accounts)`.padEnd(36)} ${"small".padStart(6)} ${"full".padStart(6)}  ratio (goal within 1.5x)`,
  ];
  for (const [key, name] of Object.entries(HOT_PATH_NAMES) as [keyof HotPaths, string][])
    lines.push(
      `  ${name.padEnd(36)} ${run.small[key].toFixed(2).padStart(6)} ${run.full[key].toFixed(2).padStart(6)} ${(run.full[key] / run.small[key]).toFixed(2).padStart(6)}x`,
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

function describeFill({ database, filled: { seconds, phases } }: MillionRun): string {
  const statistics = database === "postgres" ? "VACUUM ANALYZE" : "ANALYZE";
  return `${seconds.toFixed(1)} s (rows ${phases.rows.toFixed(1)} s, indexes and constraints ${phases.indexes.toFixed(1)} s, ${statistics} ${phases.statistics.toFixed(1)} s)`;
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
  const volume = scaled(Number(process.env.BENCH_ACCOUNTS ?? MILLION.accounts));
  const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["postgres", "sqlite"] : ["sqlite"];
  for (const kind of kinds) for (const line of describeMillionRun(await measureMillionAccounts(kind, volume))) console.log(line);
}
