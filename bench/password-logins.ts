import { hash, verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { createTestDatabase, type DatabaseKind } from "../test/support/databases.ts";
import { spawnServer } from "../test/support/spawn-server.ts";
import { cpuSeconds } from "./session-check.ts";

/** The parameters server/secrets/passwords.ts hashes with (OWASP's argon2id recommendation). */
export const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD = "bench-password-1";

export interface PasswordLoginFigures {
  database: DatabaseKind;
  /** argon2id verifications per second, one at a time (wall clock). */
  floorPerSecond: number;
  /** argon2id verifications per CPU-second: what one core can verify. */
  floorPerCpuSecond: number;
  /** Logins per second on one connection (wall clock). */
  loginsPerSecond: number;
  /** Logins per CPU-second of the server: what one core can sign in. */
  loginsPerCpuSecond: number;
}

/** The floor: argon2id verifications one at a time for `ms`, with the CPU time they took. */
export async function verifyFor(stored: string, ms: number): Promise<{ count: number; wallMs: number; cpuSeconds: number }> {
  let count = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - started < ms) {
    if (!(await verify(stored, PASSWORD))) throw new Error("argon2 refused its own hash");
    count += 1;
  }
  const { user, system } = process.cpuUsage(cpu);
  return { count, wallMs: performance.now() - started, cpuSeconds: (user + system) / 1e6 };
}

/**
 * `amount` sign-ins on one connection, each answered `"isOk":true`, and the CPU-seconds the server
 * `pid` spent on them. By count, not by time: autocannon ends a timed run with one sign-in still in
 * flight, whose work would then land in the next slice of the floor. The server's CPU time is read
 * as the last answer arrives: autocannon itself returns only at its next sampling tick, and the
 * server's idle work until then is no sign-in's.
 */
export async function signInsOnOneConnection(
  pid: number,
  amount: number,
  request: Pick<autocannon.Options, "url" | "method" | "headers" | "body">,
): Promise<{ result: autocannon.Result; cpuSeconds: number }> {
  let refused = 0;
  let answered = 0;
  const cpuBefore = cpuSeconds(pid);
  let cpuAtLast = Number.NaN;
  const result = await autocannon({
    ...request,
    connections: 1,
    amount,
    setupClient: (client) => {
      client.on("body", (body: Buffer) => {
        if (!body.toString().includes('"isOk":true')) refused += 1;
        answered += 1;
        if (answered === amount) cpuAtLast = cpuSeconds(pid);
      });
    },
  });
  if (result.non2xx > 0 || result.errors > 0 || refused > 0 || Number.isNaN(cpuAtLast))
    throw new Error(`the sign-ins were not all accepted (${result.non2xx} non-2xx, ${refused} refused)`);
  return { result, cpuSeconds: cpuAtLast - cpuBefore };
}

/**
 * Password logins against their floor, argon2id verifications with the server's parameters,
 * measured in this run; a login can be no faster, since it is one verification plus the request's
 * own work. The logins are POST /api/dsone/password-login on one connection, so one verification
 * at a time, as in the floor. Two ratios: per core (logins per CPU-second of the server against
 * verifications per CPU-second), which is what the rest of a login costs in work; and on one
 * connection (logins per second against verifications per second), which adds what it costs in
 * waiting: round trips, and the event loop's turns between the database and the verification.
 * The two are measured in alternating slices of about a second, so a shared machine's changing speed
 * weighs on both alike.
 */
export async function measurePasswordLogins(seconds = 10, kind: DatabaseKind = "sqlite"): Promise<PasswordLoginFigures> {
  const stored = await hash(PASSWORD, OPTIONS);
  const database = await createTestDatabase(kind);
  const { db } = await openDatabase(database.url);
  await createAccount(db, { email: "bench-login@example.com", password: PASSWORD, product: "dsone" });
  await db.destroy();
  const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "error" });
  // The customer signs in again on a browser they have signed in on before (its device cookie, as
  // the first sign-in set it): a new browser each time would add a browser to the account at every
  // login, a record of it and a mail, and make each login read more of them than the last.
  const first = await fetch(`${server.url}/api/dsone/password-login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ Email: "bench-login@example.com", Password: PASSWORD, ReturnUrl: null }),
  });
  const device = first.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] as string)
    .find((cookie) => cookie.split("=")[0]?.endsWith("device"));
  if (!device) throw new Error(`the first sign-in set no device cookie:\n${server.output()}`);
  const logIn = (amount: number) =>
    signInsOnOneConnection(server.pid, amount, {
      url: `${server.url}/api/dsone/password-login`,
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie: device },
      body: JSON.stringify({ Email: "bench-login@example.com", Password: PASSWORD, ReturnUrl: null }),
    }).catch((error: Error) => {
      throw new Error(`${error.message}:\n${server.output()}`);
    });
  try {
    // The server's first logins compile its code: not counted, but they tell how many fit in a second.
    const warmUp = await logIn(20);
    const perSecond = Math.max(1, Math.round(1000 / warmUp.result.latency.mean));
    const floor = { count: 0, wallMs: 0, cpuSeconds: 0 };
    const logins = { count: 0, latencyMs: 0, cpuSeconds: 0 };
    for (let slice = 0; slice < seconds; slice++) {
      const verified = await verifyFor(stored, 1000);
      floor.count += verified.count;
      floor.wallMs += verified.wallMs;
      floor.cpuSeconds += verified.cpuSeconds;
      const { result, cpuSeconds: used } = await logIn(perSecond);
      logins.cpuSeconds += used;
      logins.count += result.requests.total;
      // One connection, so one login after another: their mean time is what one takes.
      logins.latencyMs += result.latency.mean * result.requests.total;
    }
    return {
      database: kind,
      floorPerSecond: floor.count / (floor.wallMs / 1000),
      floorPerCpuSecond: floor.count / floor.cpuSeconds,
      loginsPerSecond: logins.count / (logins.latencyMs / 1000),
      loginsPerCpuSecond: logins.count / logins.cpuSeconds,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export function describePasswordLogins(figures: PasswordLoginFigures): string[] {
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  return [
    `  ${figures.database}:`,
    `  per core: ${figures.loginsPerCpuSecond.toFixed(1)} logins per CPU-second against ${figures.floorPerCpuSecond.toFixed(1)} argon2id verifications: ${percent(figures.loginsPerCpuSecond / figures.floorPerCpuSecond)} (goal 80% on PostgreSQL)`,
    `  one connection: ${figures.loginsPerSecond.toFixed(1)} logins per second against ${figures.floorPerSecond.toFixed(1)} verifications one at a time: ${percent(figures.loginsPerSecond / figures.floorPerSecond)}`,
  ];
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  for (const line of describePasswordLogins(await measurePasswordLogins(seconds, "sqlite"))) console.log(line);
  if (process.env.TEST_POSTGRES_URL)
    for (const line of describePasswordLogins(await measurePasswordLogins(seconds, "postgres"))) console.log(line);
  else console.log("  PostgreSQL: skipped (set TEST_POSTGRES_URL: bash scripts/ensure-postgres.sh prints it)");
}
