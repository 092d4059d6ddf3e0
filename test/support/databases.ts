import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * The databases every server integration test runs on: a new SQLite file, and a new PostgreSQL
 * database on the cluster named by TEST_POSTGRES_URL (scripts/ensure-postgres.sh starts the local
 * one and sets it). Without TEST_POSTGRES_URL the PostgreSQL runs are skipped, and `npm test`
 * always sets it.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export const DATABASE_KINDS = ["sqlite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const postgresAvailable = Boolean(process.env.TEST_POSTGRES_URL);

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "account-test-"));
    return { url: `file:${join(dir, "account.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error("TEST_POSTGRES_URL is not set");
  const name = `account_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Wait for the server's pool to finish closing: forcing the drop while its connections are
      // still ending would hand them a FATAL they no longer listen for.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A backend the server left behind (a killed instance's) can still be ending; PostgreSQL
      // refuses to force a drop while it cannot signal it, so the drop is tried again shortly.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.query(`drop database if exists ${name} with (force)`);
          break;
        } catch (error) {
          if (attempt === 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
      await client.end();
    },
  };
}
