import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { createAccount, linkDevice } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { hashSecret, newSecret } from "../server/secrets/tokens.ts";
import { createTestDatabase, type DatabaseKind } from "../test/support/databases.ts";
import { PRODUCTION_ADDRESSES } from "../test/support/production-env.ts";
import { type SpawnedServer, spawnServer } from "../test/support/spawn-server.ts";

/**
 * Requests per second of the DS One session check (GET /api/dsone/session), signed in and
 * anonymous, under autocannon from this process against servers in their own processes: on SQLite,
 * on PostgreSQL, and with two instances sharing one PostgreSQL. The load generator shares the
 * machine's cores with the servers, so the figure per core is the requests answered per second of
 * CPU the servers used (from /proc), not the requests per second of wall time.
 */
export interface SessionCheckRun {
  database: string;
  instances: number;
  signedIn: LoadResult;
  anonymous: LoadResult;
}

/** A load run, and what it cost the servers: requests per CPU-second is the figure per core. */
interface LoadResult {
  result: autocannon.Result;
  serverCpuSeconds: number;
  perCpuSecond: number;
}

/** CPU time a process has used so far (user and system), from /proc (Linux; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // After the command name: utime and stime are the 12th and 13th fields.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A database with one signed-in DS One customer, and that session's cookie value. */
async function seededDatabase(kind: DatabaseKind): Promise<{ url: string; sessionId: string; drop(): Promise<void> }> {
  const database = await createTestDatabase(kind);
  const { db } = await openDatabase(database.url);
  const account = await createAccount(db, { email: "bench@example.com", product: "dsone" });
  await linkDevice(db, account.email, "dsone", "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d");
  const sessionId = newSecret();
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSecret(sessionId),
      account_id: account.id,
      created_at: Date.now(),
      last_seen_at: Date.now(),
      expires_at: Date.now() + 86_400_000,
    })
    .execute();
  await db.destroy();
  return { url: database.url, sessionId, drop: database.drop };
}

/** Runs `seconds` of load spread over the servers (10 connections in all) and adds up their answers. */
async function load(servers: SpawnedServer[], seconds: number, headers: Record<string, string>): Promise<LoadResult> {
  const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
  const result = await loadAll(servers, seconds, headers);
  const serverCpuSeconds = servers.reduce((sum, server, index) => sum + cpuSeconds(server.pid) - (cpuBefore[index] ?? 0), 0);
  return { result, serverCpuSeconds, perCpuSecond: result.requests.total / serverCpuSeconds };
}

async function loadAll(servers: SpawnedServer[], seconds: number, headers: Record<string, string>): Promise<autocannon.Result> {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: `${server.url}/api/dsone/session`,
        connections: Math.max(1, Math.round(10 / servers.length)),
        duration: seconds,
        headers,
      }),
    ),
  );
  if (results.some((result) => result.non2xx > 0 || result.errors > 0))
    throw new Error("the session check answered with errors during the run");
  if (results.length === 1) return results[0] as autocannon.Result;
  // Several instances: the throughputs add up; the latencies shown are the slowest instance's.
  const slowest = results.reduce((worst, result) => (result.latency.p99 > worst.latency.p99 ? result : worst));
  const total = (pick: (result: autocannon.Result) => number) => results.reduce((sum, result) => sum + pick(result), 0);
  return {
    ...slowest,
    requests: { ...slowest.requests, average: total((result) => result.requests.average), total: total((result) => result.requests.total) },
  };
}

export async function measureSessionCheck(kind: DatabaseKind, instances: 1 | 2, seconds = 10): Promise<SessionCheckRun> {
  const database = await seededDatabase(kind);
  const servers: SpawnedServer[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "error" }));
    const signedIn = await load(servers, seconds, { cookie: `session=${database.sessionId}` });
    const anonymous = await load(servers, seconds, {});
    return { database: kind === "sqlite" ? "SQLite" : "PostgreSQL", instances, signedIn, anonymous };
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

/** Resident memory of a process, from /proc (Linux). */
export function residentMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
}

/**
 * What a production deployment runs (NODE_ENV=production: no demo data, no stand-in pages, no
 * stand-in Google or demo apps), with addresses that are never visited and a mail server that is
 * never reached (nothing is sent while it runs).
 */
const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: "production",
  ...PRODUCTION_ADDRESSES,
  PUBLIC_URL: "https://accounts.example",
  SMTP_URL: "smtp://127.0.0.1:9",
  SMTP_ALLOW_UNENCRYPTED: "true",
};

/**
 * How long the server, configured for production, takes from being started to its first answer,
 * its memory once it has settled with nothing to do, and its memory after `seconds` of signed-in
 * session checks.
 */
export async function measureServerFootprint(
  seconds = 10,
): Promise<{ startMs: number; idleMb: number; afterLoadMb: number; afterLoadRequests: number }> {
  const database = await seededDatabase("sqlite");
  const started = performance.now();
  const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "error", ...PRODUCTION_ENV });
  const startMs = performance.now() - started;
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleMb = residentMegabytes(server.pid);
    // In production the session cookie carries the __Host- prefix (server/auth/kernel/sessions.ts).
    const run = await load([server], seconds, { cookie: `__Host-session=${database.sessionId}` });
    if (!run.result.requests.total) throw new Error("the production server answered no session check");
    const afterLoadMb = residentMegabytes(server.pid);
    return { startMs, idleMb, afterLoadMb, afterLoadRequests: run.result.requests.total };
  } finally {
    await server.stop();
    await database.drop();
  }
}

function describeRun(name: string, result: autocannon.Result): string {
  return `${name}: ${Math.round(result.requests.average)} requests/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests)`;
}

export function describeSessionRun(run: SessionCheckRun): string[] {
  const where = `${run.database}, ${run.instances} instance${run.instances > 1 ? "s" : ""}`;
  const perCore = (load: LoadResult) => `; ${Math.round(load.perCpuSecond)} per CPU-second of the server${run.instances > 1 ? "s" : ""}`;
  return [
    `  ${describeRun(`signed in (${where})`, run.signedIn.result)}${perCore(run.signedIn)}`,
    `  ${describeRun(`anonymous (${where})`, run.anonymous.result)}${perCore(run.anonymous)}`,
  ];
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
  for (const kind of kinds) for (const line of describeSessionRun(await measureSessionCheck(kind, 1, seconds))) console.log(line);
  if (process.env.TEST_POSTGRES_URL)
    for (const line of describeSessionRun(await measureSessionCheck("postgres", 2, seconds))) console.log(line);
}
