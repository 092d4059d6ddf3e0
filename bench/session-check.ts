import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createAccount, linkDevice } from "../server/auth/accounts.ts";
import { hashSecret, newSecret } from "../server/auth/tokens.ts";
import { openDatabase } from "../server/db/database.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

/**
 * (b) Requests per second of the DS One session check (GET /api/dsone/session) on SQLite, signed
 * in and anonymous, under autocannon from this process against the server in its own process.
 */
export async function measureSessionCheck(seconds = 10): Promise<{ signedIn: autocannon.Result; anonymous: autocannon.Result }> {
  const dir = mkdtempSync(join(tmpdir(), "account-bench-"));
  const databaseUrl = `file:${join(dir, "account.db")}`;
  const { db } = await openDatabase(databaseUrl);
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

  const server = await spawnServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: "error" });
  try {
    const run = (headers: Record<string, string>) =>
      autocannon({ url: `${server.url}/api/dsone/session`, connections: 10, duration: seconds, headers });
    const signedIn = await run({ cookie: `session=${sessionId}` });
    const anonymous = await run({});
    if (signedIn.non2xx > 0 || anonymous.non2xx > 0) throw new Error("the session check answered with errors during the run");
    return { signedIn, anonymous };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeRun(name: string, result: autocannon.Result): string {
  return `${name}: ${Math.round(result.requests.average)} requests/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests)`;
}

if (import.meta.main) {
  const { signedIn, anonymous } = await measureSessionCheck();
  console.log(describeRun("session check, signed in (SQLite)", signedIn));
  console.log(describeRun("session check, anonymous (SQLite)", anonymous));
}
