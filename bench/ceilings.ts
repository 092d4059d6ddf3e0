import { spawn } from "node:child_process";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import * as client from "openid-client";
import pg from "pg";
import { createTestDatabase } from "../test/support/databases.ts";
import { proofKey } from "../test/support/dpop.ts";
import { discover } from "../test/support/oidc-client.ts";
import { freePort, SERVER_NODE_FLAGS } from "../test/support/spawn-server.ts";
import { OPTIONS, PASSWORD, signInsOnOneConnection, verifyFor } from "./password-logins.ts";
import { cpuSeconds } from "./session-check.ts";

/**
 * What the libraries the account server is built on allow at best, on this machine and in this
 * run, so that its own figures (bench/operations.ts, bench/password-logins.ts) are read against
 * what is possible, not only against each other:
 *
 * - oidc-provider with nothing of ours around it (bench/ceiling-provider-server.ts): code
 *   exchanges and refreshes per CPU-second, with the same PKCE, DPoP, RS256 ID tokens and rotation;
 * - the least one PostgreSQL statement costs the process that sends it (a prepared `select $1`);
 * - from both, the most an exchange and a refresh can reach with the round trips the account
 *   server's make (bench/round-trip-statements.ts: five statements, and a begin and a commit
 *   around the four that must land together), were every other part of its work free;
 * - a password sign-in over HTTP that only verifies the password (bench/ceiling-password-server.ts),
 *   against the argon2id floor measured in the same run, in alternating slices.
 *
 * Each server runs in its own process with `npm start`'s Node flags and only its CPU is counted;
 * the statement's cost and the argon2id floor are the CPU of this process, as in
 * bench/password-logins.ts.
 */
const CLIENTS = 4;
const ROUND_TRIPS = 7;

async function startScript(script: string, env: Record<string, string>): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(import.meta.dirname, script)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (/^listening$/m.test(seen)) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, stop: () => child.kill() };
}

/** Runs `work(agent)` `count` times on CLIENTS clients at once. */
async function spread(count: number, work: (agent: number) => Promise<void>): Promise<void> {
  let started = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, agent) => {
      while (started < count) {
        started++;
        await work(agent);
      }
    }),
  );
}

async function measureProviderAlone(count: number): Promise<{ exchanges: number; refreshes: number }> {
  const verifier = client.randomPKCECodeVerifier();
  const warmUp = 20;
  const server = await startScript("ceiling-provider-server.ts", {
    CODES: String(count + warmUp),
    CODE_CHALLENGE: await client.calculatePKCECodeChallenge(verifier),
  });
  try {
    const codes = (await (await fetch(`${server.url}/codes`)).json()) as string[];
    const config = await discover(server.url, "agent");
    const agents = await Promise.all(Array.from({ length: CLIENTS }, async () => client.getDPoPHandle(config, await proofKey())));
    const refreshTokens: { token: string; agent: number }[] = [];
    let nextCode = 0;
    const exchange = async (agent: number) => {
      const index = nextCode++;
      const callback = new URL(`http://127.0.0.1:9/callback?code=${codes[index]}&iss=${encodeURIComponent(server.url)}`);
      const tokens = await client.authorizationCodeGrant(
        config,
        callback,
        { pkceCodeVerifier: verifier, expectedNonce: `nonce-${index}` },
        undefined,
        {
          DPoP: agents[agent],
        },
      );
      refreshTokens.push({ token: tokens.refresh_token as string, agent });
    };
    const refresh = async ({ token, agent }: { token: string; agent: number }) => {
      await client.refreshTokenGrant(config, token, undefined, { DPoP: agents[agent] });
    };
    // The first requests compile the provider's code: not counted.
    for (let index = 0; index < warmUp; index++) await exchange(index % CLIENTS);
    for (const warm of refreshTokens.splice(0)) await refresh(warm);
    let before = cpuSeconds(server.pid);
    await spread(count, exchange);
    const exchanges = count / (cpuSeconds(server.pid) - before);
    let nextRefresh = 0;
    before = cpuSeconds(server.pid);
    await spread(refreshTokens.length, () => refresh(refreshTokens[nextRefresh++] as { token: string; agent: number }));
    return { exchanges, refreshes: nextRefresh / (cpuSeconds(server.pid) - before) };
  } finally {
    server.stop();
  }
}

/** The CPU-seconds one statement costs its sender at the least: a prepared `select $1`, CLIENTS at once. */
async function measureStatementCost(count: number): Promise<number> {
  const database = await createTestDatabase("postgres");
  const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS });
  try {
    const run = (amount: number) =>
      spread(amount, async () => {
        await pool.query({ name: "least", text: "select $1::int as n", values: [amount] });
      });
    await run(500);
    const before = process.cpuUsage();
    await run(count);
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1e6 / count;
  } finally {
    await pool.end();
    await database.drop();
  }
}

/** Sign-ins that only verify the password, per CPU-second, against the floor in the same run. */
async function measureBarePasswordLogins(seconds: number): Promise<{ floor: number; logins: number }> {
  const stored = await hash(PASSWORD, OPTIONS);
  const server = await startScript("ceiling-password-server.ts", { PASSWORD_HASH: stored, PASSWORD });
  const logIn = async (amount: number) => {
    const { result, cpuSeconds } = await signInsOnOneConnection(server.pid, amount, { url: server.url, method: "POST", body: "{}" });
    return { count: result.requests.total, cpuSeconds };
  };
  try {
    await logIn(20);
    const floor = { count: 0, cpuSeconds: 0 };
    const logins = { count: 0, cpuSeconds: 0 };
    for (let slice = 0; slice < seconds; slice++) {
      const verified = await verifyFor(stored, 1000);
      floor.count += verified.count;
      floor.cpuSeconds += verified.cpuSeconds;
      const signedIn = await logIn(Math.max(1, Math.round(verified.count * 0.9)));
      logins.count += signedIn.count;
      logins.cpuSeconds += signedIn.cpuSeconds;
    }
    return { floor: floor.count / floor.cpuSeconds, logins: logins.count / logins.cpuSeconds };
  } finally {
    server.stop();
  }
}

/** Prints the ceilings, a line each. */
export async function printCeilings(count = Number(process.env.BENCH_OPERATIONS ?? 200), seconds = Number(process.env.BENCH_SECONDS ?? 8)) {
  const alone = await measureProviderAlone(count);
  console.log("oidc-provider alone (no database, nothing of ours), per CPU-second of its process:");
  console.log(`  code exchanges ${alone.exchanges.toFixed(1)}, refreshes ${alone.refreshes.toFixed(1)}`);
  if (process.env.TEST_POSTGRES_URL) {
    const statement = await measureStatementCost(count * 10);
    const most = (perCpuSecond: number) => (1 / (1 / perCpuSecond + ROUND_TRIPS * statement)).toFixed(1);
    console.log(`  one PostgreSQL statement at the least: ${(statement * 1e6).toFixed(0)} µs of its sender's CPU`);
    console.log(
      `  with the account server's ${ROUND_TRIPS} round trips and nothing else of its own: code exchanges at most ${most(alone.exchanges)}, refreshes at most ${most(alone.refreshes)}`,
    );
  } else console.log("  PostgreSQL: skipped (set TEST_POSTGRES_URL: bash scripts/ensure-postgres.sh prints it)");
  const bare = await measureBarePasswordLogins(seconds);
  console.log(
    `Password sign-ins that only verify: ${bare.logins.toFixed(1)} per CPU-second against ${bare.floor.toFixed(1)} argon2id verifications, ${((bare.logins / bare.floor) * 100).toFixed(1)}% of the floor`,
  );
}

if (import.meta.main) {
  await printCeilings();
  process.exit(0);
}
