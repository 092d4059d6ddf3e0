import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Expression, Kysely, PostgresAdapter, PostgresDialect, type RawBuilder, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrations.ts";
import { NodeSqliteDialect } from "./node-sqlite-dialect.ts";
import { preparingClient } from "./prepared-statements.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

// PostgreSQL returns bigint (int8) as a string to protect precision; our bigints are epoch
// milliseconds, well inside the exact range of a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Whether `db` (or a transaction of it) is PostgreSQL: where a round trip crosses a socket, so a
 * statement doing several things at once is worth its SQL. SQLite runs inside the process.
 */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface OpenedDatabase {
  db: Db;
  kind: "sqlite" | "postgres";
  /** True when this start created the schema: the moment to seed demo data. */
  fresh: boolean;
}

/** Opens the database named by DATABASE_URL and brings its schema up to date. */
export async function openDatabase(databaseUrl: string): Promise<OpenedDatabase> {
  const { db, kind } = connect(databaseUrl);
  try {
    const { fresh } = await migrateToLatest(db as Kysely<unknown>);
    return { db, kind, fresh };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

function connect(databaseUrl: string): { db: Db; kind: OpenedDatabase["kind"] } {
  if (databaseUrl.startsWith("file:")) {
    const path = resolve(databaseUrl.slice("file:".length));
    mkdirSync(dirname(path), { recursive: true });
    const database = new DatabaseSync(path);
    // WAL lets readers run beside the writer; foreign keys are off by default in SQLite. The busy
    // timeout is 0 because SQLite would wait inside a synchronous call, blocking the event loop:
    // the driver waits for another process's lock on a timer instead. secure_delete overwrites
    // deleted content with zeros instead of leaving it in free pages for a copy of the file to show.
    // A journal_size_limit of 0 cuts the WAL back to what is written after each restart of it, so
    // page images from before the last checkpoint do not linger at its end for a copy to show.
    database.exec(
      "pragma busy_timeout = 0; pragma journal_mode = wal; pragma journal_size_limit = 0; pragma synchronous = normal; pragma foreign_keys = on; pragma secure_delete = on;",
    );
    return { db: new Kysely<Database>({ dialect: new NodeSqliteDialect(database) }), kind: "sqlite" };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, Client: preparingClient() });
  // An idle connection the database drops (a restart, a failover) is replaced on next use; without
  // this listener its error would end the whole process.
  pool.on("error", (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  // A connection that is checked out when the database goes away (a restart mid-transaction)
  // reports on the client itself, where the pool does not listen: without this the process ends.
  // The query in flight fails with its own error, and the pool drops the broken connection.
  pool.on("connect", (client) => {
    client.on("error", (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: "postgres" };
}

/**
 * `column` is one of `values`, written with a single parameter whatever their number: the text of
 * the statement stays the same, so it is prepared once (prepared-statements.ts names each text).
 * PostgreSQL takes the list as an array; SQLite reads it from JSON.
 */
export function oneOf(db: Kysely<Database>, column: Expression<unknown>, values: readonly string[]): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${column} = any(${values}::text[])`
    : sql<boolean>`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * After rows about a person were deleted (an account, a settled mail's recipient): on SQLite the
 * WAL still holds the pages as they were before the deletion, until a checkpoint copies the new
 * ones into the database file (where secure_delete has zeroed what was deleted). A TRUNCATE
 * checkpoint does that and empties the WAL. Another process reading the file can hold it back;
 * it then copies what it can without waiting and the next one finishes. PostgreSQL keeps no such
 * file of ours: nothing to do.
 */
export async function checkpointAfterDeletion(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/**
 * Whether a statement failed because a row it wrote names one that does not exist (any more): a
 * foreign key. SQLite says so by its extended code, PostgreSQL by its SQLSTATE.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const { errcode, code } = (error ?? {}) as { errcode?: unknown; code?: unknown };
  return errcode === SQLITE_CONSTRAINT_FOREIGNKEY || code === POSTGRES_FOREIGN_KEY_VIOLATION;
}

const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
const POSTGRES_FOREIGN_KEY_VIOLATION = "23503";
