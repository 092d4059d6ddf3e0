import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../server/db/migrations.ts";
import { NodeSqliteDialect } from "../server/db/node-sqlite-dialect.ts";
import { createTestDatabase, type DatabaseKind, describeEachDatabase, type TestDatabase } from "./support/databases.ts";
import { migrationNames, migrationsSourceAt, previousReleaseCommit } from "./support/previous-release.ts";

/**
 * Upgrades one instance at a time (docs/operations/upgrade.md): while the first instance runs this
 * release's code, the others still run the previous release's against the new schema. So a
 * migration only adds (expand); what the previous release reads is dropped or renamed in a later
 * release, once no running code reads it (contract). These tests hold every migration to that,
 * and check that instances starting together migrate once.
 */

const ROOT = join(import.meta.dirname, "..");
const SOURCE = readFileSync(join(ROOT, "server", "db", "migrations.ts"), "utf8");

/**
 * Contractions made before expand-then-contract was the rule, each with what it removed. A new
 * one belongs here only in a release after the one whose code stopped reading what it removes.
 */
const ACCEPTED_CONTRACTIONS: Record<string, string[]> = {
  // is_admin was replaced by role in the same release (before upgrades were one instance at a time).
  "0012_roles_and_disabled_accounts": ["accounts.is_admin"],
};

/** Each migration's name and the text of its `up`. */
function ups(source: string): { name: string; up: string }[] {
  const names = migrationNames(source);
  return names.map((name, index) => {
    const start = source.indexOf(`  "${name}": {`);
    const next = names[index + 1];
    const end = next ? source.indexOf(`  "${next}": {`) : source.indexOf("\n};", start);
    const body = source.slice(start, end);
    const down = body.indexOf("async down(");
    return { name, up: down === -1 ? body : body.slice(0, down) };
  });
}

/** What an `up` drops or renames: table, or table.column, by Kysely's schema builder or raw SQL. */
function contractions(up: string): string[] {
  const found: string[] = [];
  for (const match of up.matchAll(/alterTable\("(\w+)"\)\s*\.(dropColumn|renameColumn)\("(\w+)"/g)) found.push(`${match[1]}.${match[3]}`);
  for (const match of up.matchAll(/alterTable\("(\w+)"\)\s*\.renameTo\(/g)) found.push(match[1] as string);
  for (const match of up.matchAll(/dropTable\("(\w+)"\)/g)) found.push(match[1] as string);
  for (const match of up.matchAll(
    /\b(?:drop\s+table(?:\s+if\s+exists)?|alter\s+table)\s+"?(\w+)"?\s*(?:drop\s+column\s+"?(\w+)|rename)?/gi,
  )) {
    const statement = match[0].toLowerCase();
    if (statement.startsWith("drop")) found.push(match[1] as string);
    else if (match[2]) found.push(`${match[1]}.${match[2]}`);
    else if (statement.includes("rename")) found.push(match[1] as string);
  }
  return found;
}

/** Whether `up` itself created the table or column it drops (a temporary one). */
function createdIn(up: string, what: string): boolean {
  const [table, column] = what.split(".");
  if (!column) return up.includes(`createTable("${table}")`);
  return up.includes(`createTable("${table}")`) || new RegExp(`alterTable\\("${table}"\\)\\s*\\.addColumn\\("${column}"`).test(up);
}

describe("migrations expand, then contract in a later release", () => {
  it("finds what an up drops or renames", () => {
    expect(contractions(`await db.schema.alterTable("accounts").dropColumn("is_admin").execute();`)).toEqual(["accounts.is_admin"]);
    expect(contractions(`db.schema.alterTable("a")\n  .renameColumn("b", "c")`)).toEqual(["a.b"]);
    expect(contractions(`db.schema.alterTable("a").renameTo("b")`)).toEqual(["a"]);
    expect(contractions(`db.schema.dropTable("outbox").execute()`)).toEqual(["outbox"]);
    expect(contractions("sql`alter table sessions drop column expires_at`")).toEqual(["sessions.expires_at"]);
    expect(contractions("sql`DROP TABLE IF EXISTS licenses`")).toEqual(["licenses"]);
    expect(contractions(`db.schema.alterTable("a").addColumn("b", "text")`)).toEqual([]);
  });

  it("no migration drops or renames a table or column the release before it read", () => {
    const broken = ups(SOURCE).flatMap(({ name, up }) =>
      contractions(up)
        .filter((what) => !createdIn(up, what) && !ACCEPTED_CONTRACTIONS[name]?.includes(what))
        .map((what) => `${name} drops or renames ${what}`),
    );
    expect(broken).toEqual([]);
  });

  it("migrations are only appended: the previous release's are unchanged in name and order", () => {
    const before = migrationNames(migrationsSourceAt(previousReleaseCommit()));
    const now = migrationNames(SOURCE);
    expect(now.slice(0, before.length)).toEqual(before);
    expect(now.length).toBeGreaterThan(before.length);
  });
});

interface Column {
  table: string;
  name: string;
  nullable: boolean;
  hasDefault: boolean;
}

async function columns(db: Kysely<unknown>): Promise<Column[]> {
  const tables = await db.introspection.getTables();
  return tables.flatMap((table) =>
    table.columns.map((column) => ({
      table: table.name,
      name: column.name,
      nullable: column.isNullable,
      hasDefault: column.hasDefaultValue || column.isAutoIncrementing,
    })),
  );
}

/** A connection to `url` that does not migrate it, as openDatabase would. */
function connectOnly(url: string): Kysely<unknown> {
  if (url.startsWith("file:")) return new Kysely({ dialect: new NodeSqliteDialect(new DatabaseSync(url.slice("file:".length))) });
  return new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
}

/** The previous release's migrations.ts, loaded from its text at that commit. */
async function previousMigrations(): Promise<typeof import("../server/db/migrations.ts")> {
  const commit = previousReleaseCommit();
  const dir = join(ROOT, "node_modules", ".cache", "previous-migrations");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `migrations-${commit.slice(0, 12)}.ts`);
  writeFileSync(file, migrationsSourceAt(commit));
  return import(file);
}

describeEachDatabase("upgrading the previous release's schema on %s", (kind: DatabaseKind) => {
  let database: TestDatabase | undefined;
  const opened: Kysely<unknown>[] = [];
  const connect = (url: string) => {
    const db = connectOnly(url);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
    await database?.drop();
    database = undefined;
  });

  it("keeps every table and column the previous release has, and adds none it could not write", async () => {
    database = await createTestDatabase(kind);
    const db = connect(database.url);
    await (await previousMigrations()).migrateToLatest(db);
    const before = await columns(db);
    await migrateToLatest(db);
    const after = await columns(db);
    const key = (column: Column) => `${column.table}.${column.name}`;
    const now = new Map(after.map((column) => [key(column), column]));
    // Still there, and no stricter: a column the previous release leaves out of an insert must not become required.
    expect(before.filter((column) => !now.has(key(column))).map(key)).toEqual([]);
    expect(
      before.filter((column) => column.nullable && !(now.get(key(column))?.nullable ?? true) && !now.get(key(column))?.hasDefault).map(key),
    ).toEqual([]);
    // A column added to a table the previous release writes: its inserts leave it out, so it needs a default or null.
    const tables = new Set(before.map((column) => column.table));
    const had = new Set(before.map(key));
    expect(
      after.filter((column) => tables.has(column.table) && !had.has(key(column)) && !column.nullable && !column.hasDefault).map(key),
    ).toEqual([]);
  });

  it("migrates once when several instances start at the same time", async () => {
    database = await createTestDatabase(kind);
    await (await previousMigrations()).migrateToLatest(connect(database.url));
    const url = database.url;
    // Three instances, each its own connection, migrating at once: one takes the migrator's lock
    // and runs the new migrations; the others wait for it, then find nothing left to do. A
    // migration run twice would fail on what the first run created.
    await Promise.all([1, 2, 3].map(() => migrateToLatest(connect(url))));
    const names = (await sql<{ name: string }>`select name from kysely_migration`.execute(connect(url))).rows.map((row) => row.name);
    expect(names.sort()).toEqual(migrationNames(SOURCE).sort());
  });

  it("creates the schema once when several instances start on an empty database", async () => {
    database = await createTestDatabase(kind);
    const url = database.url;
    await Promise.all([1, 2, 3].map(() => migrateToLatest(connect(url))));
    const names = (await sql<{ name: string }>`select name from kysely_migration`.execute(connect(url))).rows.map((row) => row.name);
    expect(names.sort()).toEqual(migrationNames(SOURCE).sort());
  });
});
