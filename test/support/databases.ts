import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, it } from "vitest";

/**
 * The databases every server integration test runs on: a new SQLite file, and a new PostgreSQL
 * database on the cluster named by TEST_POSTGRES_URL (scripts/ensure-postgres.sh starts the local
 * one and sets it; `npm test` always does). Without it the PostgreSQL runs fail, saying so, unless
 * TEST_SQLITE_ONLY=1 asks for a quick run on SQLite alone.
 */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const DATABASE_KINDS = ["sqlite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

const postgresAvailable = Boolean(process.env.TEST_POSTGRES_URL);
const sqliteOnly = process.env.TEST_SQLITE_ONLY === "1";

export const POSTGRES_REQUIRED =
  "PostgreSQL is required: set TEST_POSTGRES_URL, or run npm test, which starts the local cluster (TEST_SQLITE_ONLY=1 skips the PostgreSQL runs instead)";

type DatabaseSuite = (kind: DatabaseKind) => void;

function declareEach(title: string, suite: DatabaseSuite, skipped: boolean): void {
  for (const kind of DATABASE_KINDS) {
    const name = title.replace("%s", kind);
    if (skipped || (kind === "postgres" && !postgresAvailable && sqliteOnly)) describe.skip(name, () => suite(kind));
    else if (kind === "postgres" && !postgresAvailable)
      describe(name, () => {
        it("has a PostgreSQL database to run on", () => {
          throw new Error(POSTGRES_REQUIRED);
        });
      });
    else describe(name, () => suite(kind));
  }
}

/**
 * Declares `suite` once for each database, its title's `%s` naming the database. Without
 * TEST_POSTGRES_URL the PostgreSQL run is one failing test that says what is missing; with
 * TEST_SQLITE_ONLY=1 its tests are reported skipped instead.
 */
export function describeEachDatabase(title: string, suite: DatabaseSuite): void {
  declareEach(title, suite, false);
}

/**
 * Declares `suite` for PostgreSQL alone, for what is about PostgreSQL itself (its plans, its
 * statements): failing, as describeEachDatabase does, without TEST_POSTGRES_URL.
 */
export function describeOnPostgres(title: string, suite: () => void): void {
  const name = title.replace("%s", "postgres");
  if (!postgresAvailable && sqliteOnly) describe.skip(name, suite);
  else if (!postgresAvailable)
    describe(name, () => {
      it("has a PostgreSQL database to run on", () => {
        throw new Error(POSTGRES_REQUIRED);
      });
    });
  else describe(name, suite);
}

/** describeEachDatabase, with both runs reported skipped when `condition` holds. */
describeEachDatabase.skipIf =
  (condition: boolean) =>
  (title: string, suite: DatabaseSuite): void =>
    declareEach(title, suite, condition);

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
