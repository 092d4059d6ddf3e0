import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { type SpawnedServer, spawnServer } from "./support/spawn-server.ts";

/**
 * The backups docs/operations/upgrade.md tells operators to make: SQLite's online backup (the
 * sqlite3 tool's .backup, and VACUUM INTO) and pg_dump with pg_restore, each taken while a server
 * signs customers in, then restored and started: the customers signed in before are still.
 */

const has = (tool: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(url: string): Promise<SpawnedServer> {
  const server = await spawnServer({ DATABASE_URL: url, LOG_LEVEL: "error" });
  cleanups.push(() => server.stop());
  return server;
}

/** Signs `count` customers in by password: their session cookies. */
async function signIn(server: SpawnedServer, emails: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const email of emails) {
    const answer = await fetch(`${server.url}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ Email: email, Password: "backup-password-1", ReturnUrl: null }),
    });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("session="));
    cookies.push((cookie as string).split(";")[0] as string);
  }
  return cookies;
}

async function signedIn(server: SpawnedServer, cookies: string[]): Promise<boolean[]> {
  return Promise.all(
    cookies.map(async (cookie) => {
      const answer = await fetch(`${server.url}/api/dsone/session`, { headers: { cookie } });
      return ((await answer.json()) as { signedIn?: boolean }).signedIn === true;
    }),
  );
}

/** A database with customers, a server on it, and their sessions, made before the backup. */
async function signedInCustomers(database: TestDatabase) {
  const { db } = await openDatabase(database.url);
  const emails = ["backup-1@example.com", "backup-2@example.com", "backup-3@example.com"];
  for (const email of emails) await createAccount(db, { email, password: "backup-password-1", product: "dsone" });
  await db.destroy();
  const server = await start(database.url);
  return { server, emails, cookies: await signIn(server, emails) };
}

it("backs SQLite up while the server runs (.backup and VACUUM INTO), and starts on each copy", async () => {
  const database = await createTestDatabase("sqlite");
  cleanups.push(() => database.drop());
  const { server, emails, cookies } = await signedInCustomers(database);
  const dir = mkdtempSync(join(tmpdir(), "account-backup-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = database.url.slice("file:".length);

  // Taken while sign-ins go on (their writes land in the WAL the backup must include).
  const during = signIn(server, emails);
  const copies = [join(dir, "vacuum-into.db")];
  const source = new DatabaseSync(file);
  source.exec(`vacuum into '${copies[0]}'`);
  source.close();
  if (has("sqlite3")) {
    copies.push(join(dir, "dot-backup.db"));
    execFileSync("sqlite3", [file, `.backup '${copies[1]}'`]);
  } else console.warn("sqlite3 is not installed: its .backup is not tested here (VACUUM INTO is)");
  await during;
  await server.stop();

  for (const copy of copies) {
    const restored = await start(`file:${copy}`);
    expect(await signedIn(restored, cookies)).toEqual([true, true, true]);
    await restored.stop();
  }
}, 60_000);

it.skipIf(!process.env.TEST_POSTGRES_URL)(
  "backs PostgreSQL up with pg_dump while the server runs, and restores it with pg_restore",
  async () => {
    if (!has("pg_dump") || !has("pg_restore")) throw new Error("pg_dump and pg_restore are needed (apt-get install postgresql-client)");
    const database = await createTestDatabase("postgres");
    cleanups.push(() => database.drop());
    const { server, emails, cookies } = await signedInCustomers(database);
    const dir = mkdtempSync(join(tmpdir(), "account-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dump = join(dir, "account.dump");

    const during = signIn(server, emails);
    execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, database.url]);
    await during;
    await server.stop();

    const restored = await createTestDatabase("postgres");
    cleanups.push(() => restored.drop());
    execFileSync("pg_restore", ["--no-owner", `--dbname=${restored.url}`, dump]);
    const check = new pg.Client({ connectionString: restored.url });
    await check.connect();
    const { rows } = await check.query<{ n: string }>("select count(*) as n from accounts");
    await check.end();
    expect(Number(rows[0]?.n)).toBe(3);
    const server2 = await start(restored.url);
    expect(await signedIn(server2, cookies)).toEqual([true, true, true]);
  },
  60_000,
);
