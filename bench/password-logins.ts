import { hash, verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { createAccount } from "../server/auth/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { createTestDatabase } from "../test/support/databases.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

/** The parameters server/auth/passwords.ts hashes with (OWASP's argon2id recommendation). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const PASSWORD = "bench-password-1";

/**
 * Password logins per second per core against their floor. The floor is argon2id verifications
 * per second, one at a time, with the server's parameters, measured in this run; a login can be
 * no faster, since it is one verification plus the request's own work. The logins are
 * POST /api/dsone/password-login on one connection, so one verification at a time as well: the
 * ratio is what the rest of a login costs.
 */
export async function measurePasswordLogins(seconds = 10): Promise<{ floorPerSecond: number; loginsPerSecond: number; ratio: number }> {
  const stored = await hash(PASSWORD, OPTIONS);
  let verified = 0;
  const until = performance.now() + seconds * 1000;
  const floorStarted = performance.now();
  while (performance.now() < until) {
    if (!(await verify(stored, PASSWORD))) throw new Error("argon2 refused its own hash");
    verified += 1;
  }
  const floorPerSecond = verified / ((performance.now() - floorStarted) / 1000);

  const database = await createTestDatabase("sqlite");
  const { db } = await openDatabase(database.url);
  await createAccount(db, { email: "bench-login@example.com", password: PASSWORD, product: "dsone" });
  await db.destroy();
  const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "error" });
  try {
    let refused = 0;
    const result = await autocannon({
      url: `${server.url}/api/dsone/password-login`,
      method: "POST",
      connections: 1,
      duration: seconds,
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ Email: "bench-login@example.com", Password: PASSWORD, ReturnUrl: null }),
      setupClient: (client) => {
        client.on("body", (body: Buffer) => {
          if (!body.toString().includes('"isOk":true')) refused += 1;
        });
      },
    });
    if (result.non2xx > 0 || result.errors > 0 || refused > 0)
      throw new Error(`the logins were not all accepted (${result.non2xx} non-2xx, ${refused} refused):\n${server.output()}`);
    // One connection, so one login after another: the mean time of one is their rate.
    const loginsPerSecond = 1000 / result.latency.mean;
    return { floorPerSecond, loginsPerSecond, ratio: loginsPerSecond / floorPerSecond };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export function describePasswordLogins({
  floorPerSecond,
  loginsPerSecond,
  ratio,
}: Awaited<ReturnType<typeof measurePasswordLogins>>): string[] {
  return [
    `  argon2id floor (one verification at a time): ${floorPerSecond.toFixed(1)} per second`,
    `  password logins (one connection):            ${loginsPerSecond.toFixed(1)} per second`,
    `  logins against the floor:                    ${(ratio * 100).toFixed(1)}% (goal 90%)`,
  ];
}

if (import.meta.main) {
  for (const line of describePasswordLogins(await measurePasswordLogins(Number(process.env.BENCH_SECONDS ?? 10)))) console.log(line);
}
