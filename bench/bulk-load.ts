import { availableParallelism } from "node:os";
import { Kysely, PostgresDialect, type RawBuilder, sql } from "kysely";
import pg from "pg";
import type { Db } from "../server/db/database.ts";

/**
 * Loading millions of rows into a migrated database the way a restore does (pg_restore: the rows,
 * then the indexes, then the constraints): the rows first, into tables without their indexes and
 * foreign keys, then each index built whole by one sort, instead of every row finding its place in
 * every index and having its account looked up, one row at a time. Nothing of this is the
 * product's: it makes a bench's fill take seconds. The schema afterwards must be the migrated one,
 * index for index and constraint for constraint: a load that left it otherwise throws, since every
 * figure measured on it would be of another schema.
 */

/** One set-based statement that inserts the rows of `table`. */
export interface TableFill {
  table: string;
  rows: RawBuilder<unknown>;
}

/** The seconds each phase of a load took. */
export interface LoadSeconds {
  rows: number;
  /** PostgreSQL's VACUUM ANALYZE, SQLite's ANALYZE. */
  statistics: number;
  indexes: number;
}

/**
 * PostgreSQL's load runs a statement per core at once, each on a connection of its own: the
 * bench's process waits meanwhile, and one statement keeps one core busy.
 */
const LOADERS = availableParallelism();

/**
 * For the load's own connections only: each index build sorts in memory rather than in files, and
 * so does each foreign key's check (a join of the table with the accounts). Not synchronous_commit
 * off: with a few dozen commits it saves nothing, and VACUUM then finds the rows' commits not yet
 * on disk, so it marks no page all-visible and every index-only scan would read the table too.
 */
const LOAD_SETTINGS = "-c maintenance_work_mem=1GB -c work_mem=256MB";

export async function loadIntoPostgres(url: string, fills: TableFill[]): Promise<LoadSeconds> {
  const pool = new pg.Pool({ connectionString: url, max: LOADERS, options: LOAD_SETTINGS });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    const migrated = await postgresSchema(db);
    const tables = fills.map(({ table }) => table);
    const { indexes, foreignKeys } = await postgresRebuildables(db, tables);
    // Foreign keys first: a key cannot go while a foreign key names it.
    for (const { table, name } of foreignKeys) await sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}`.execute(db);
    for (const { table, name, constraint } of indexes)
      await (constraint ? sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}` : sql`drop index ${sql.id(name)}`).execute(db);

    const rowsStarted = performance.now();
    await inParallel(
      fills.map(
        ({ rows }) =>
          () =>
            rows.execute(db),
      ),
      LOADERS,
    );
    // Before the indexes: VACUUM then reads each table alone, and the indexes' builds read pages it
    // has already marked all-visible, rather than dirtying them first for VACUUM to dirty again.
    // Every table, as a database-wide VACUUM ANALYZE would: the few rows of the others too.
    const statisticsStarted = performance.now();
    const { rows: everyTable } = await sql<{ name: string }>`
      select relname as name from pg_class
      where relnamespace = current_schema()::regnamespace and relkind = 'r' order by relname`.execute(db);
    const others = everyTable.map(({ name }) => name).filter((name) => !tables.includes(name));
    await inParallel(
      [...tables, ...others].map((table) => () => sql`vacuum analyze ${sql.id(table)}`.execute(db)),
      LOADERS,
    );

    // Each index on its own (a key's too, made its key once built), LOADERS at a time whatever
    // their tables: building an index locks out writes to its table, not another build. Largest
    // first, so the last to finish is a small one.
    const indexesStarted = performance.now();
    const { rows: sizes } = await sql<{ name: string; rows: number }>`
      select relname as name, reltuples as rows from pg_class where relname = any(${tables})`.execute(db);
    const rowsOf = (table: string) => sizes.find(({ name }) => name === table)?.rows ?? 0;
    await inParallel(
      [...indexes].sort((a, b) => rowsOf(b.table) - rowsOf(a.table)).map((index) => () => sql.raw(index.definition).execute(db)),
      LOADERS,
    );
    for (const { table, name, constraint } of indexes)
      if (constraint)
        await sql`alter table ${sql.id(table)} add constraint ${sql.id(name)} ${sql.raw(constraint)} using index ${sql.id(name)}`.execute(
          db,
        );
    // Added unchecked, then checked LOADERS at a time: adding a checked foreign key would lock the
    // table it names against the next one's check, where VALIDATE lets them run side by side.
    for (const { table, name, definition } of foreignKeys)
      await sql`alter table ${sql.id(table)} add constraint ${sql.id(name)} ${sql.raw(definition)} not valid`.execute(db);
    await inParallel(
      foreignKeys.map(
        ({ table, name }) =>
          () =>
            sql`alter table ${sql.id(table)} validate constraint ${sql.id(name)}`.execute(db),
      ),
      LOADERS,
    );
    const finished = performance.now();

    assertSameSchema(migrated, await postgresSchema(db));
    await assertAllVisible(db, tables);
    return {
      rows: (statisticsStarted - rowsStarted) / 1000,
      statistics: (indexesStarted - statisticsStarted) / 1000,
      indexes: (finished - indexesStarted) / 1000,
    };
  } finally {
    await db.destroy();
  }
}

interface Rebuildable {
  table: string;
  name: string;
  /** An index's whole CREATE INDEX, or a foreign key's `FOREIGN KEY … REFERENCES …`. */
  definition: string;
}

/**
 * What the load drops and builds again: every index of `tables` (with the constraint it makes, a
 * primary key or a unique column, if any), and every foreign key from or to them (a key cannot be
 * dropped while a foreign key of another table names it).
 */
async function postgresRebuildables(db: Kysely<unknown>, tables: string[]) {
  const indexes = await sql<Rebuildable & { type: string | null }>`
    select i.indrelid::regclass::text as table, c.relname as name, pg_get_indexdef(i.indexrelid) as definition,
      (select k.contype from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid) as type
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid::regclass::text = any(${tables})
    order by c.relname`.execute(db);
  const foreignKeys = await sql<Rebuildable>`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where connamespace = current_schema()::regnamespace and contype = 'f'
      and (conrelid::regclass::text = any(${tables}) or confrelid::regclass::text = any(${tables}))
    order by conrelid::regclass::text, conname`.execute(db);
  return {
    indexes: indexes.rows.map(({ type, ...index }) => {
      if (type !== null && !(type in KEY_CONSTRAINTS))
        throw new Error(`the load cannot rebuild ${index.name}: it backs a constraint of type ${type}`);
      return { ...index, constraint: type === null ? null : KEY_CONSTRAINTS[type as keyof typeof KEY_CONSTRAINTS] };
    }),
    foreignKeys: foreignKeys.rows,
  };
}

/** The constraints an index makes that ALTER TABLE … USING INDEX can make of it again, by pg_constraint.contype. */
const KEY_CONSTRAINTS = { p: "PRIMARY KEY", u: "UNIQUE" } as const;

/**
 * Every index and constraint of the schema, one line each, in order (a foreign key left unchecked
 * reads NOT VALID).
 */
async function postgresSchema(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select 'index ' || indexname || ': ' || indexdef as line from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint ' || conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = current_schema()::regnamespace
    order by line`.execute(db);
  return rows.map(({ line }) => line);
}

/** Throws unless VACUUM marked every page of `tables` all-visible, as it does a running database's. */
async function assertAllVisible(db: Kysely<unknown>, tables: string[]): Promise<void> {
  const { rows } = await sql<{ name: string; pages: number; visible: number }>`
    select relname as name, relpages as pages, relallvisible as visible from pg_class
    where relnamespace = current_schema()::regnamespace and relname = any(${tables}) and relallvisible < relpages`.execute(db);
  if (rows.length > 0)
    throw new Error(
      `VACUUM left pages not all-visible: ${rows.map(({ name, pages, visible }) => `${name} ${visible} of ${pages}`).join(", ")}`,
    );
}

/**
 * SQLite's load runs in one transaction on the server's one connection, with the journal in
 * memory, no syncing to disk (a crash would lose a bench's database, no one's data) and a page
 * cache large enough to hold the indexes being written. A primary key or unique column is part
 * of its table in SQLite and stays; the other indexes are dropped and built again. Each row's
 * account is still looked up as it is inserted: checking them all afterwards would cost the same.
 * The connection's settings are put back as they were.
 */
export async function loadIntoSqlite(db: Db, fills: TableFill[]): Promise<LoadSeconds> {
  return db.connection().execute(async (connection) => {
    const pragma = async (name: string, value?: string | number) => {
      const { rows } = await sql
        .raw<Record<string, unknown>>(`pragma ${name}${value === undefined ? "" : ` = ${value}`}`)
        .execute(connection);
      return rows[0] ? String(Object.values(rows[0])[0]) : undefined;
    };
    const migrated = await sqliteSchema(connection);
    const tables = fills.map(({ table }) => table);
    const { rows: indexes } = await sql<Rebuildable>`
      select tbl_name as "table", name, sql as definition from sqlite_schema
      where type = 'index' and sql is not null and tbl_name in (select value from json_each(${JSON.stringify(tables)}))
      order by name`.execute(connection);
    const saved = {
      journal_mode: await pragma("journal_mode"),
      synchronous: await pragma("synchronous"),
      cache_size: await pragma("cache_size"),
    };
    // In memory rather than off: SQLite does not switch from WAL to off, and a failed load still rolls back.
    const switched = await pragma("journal_mode", "memory");
    if (switched !== "memory") throw new Error(`SQLite kept journal_mode ${switched}: another connection has the database open`);
    await pragma("synchronous", "off");
    await pragma("cache_size", -1_048_576);

    const rowsStarted = performance.now();
    let indexesStarted = rowsStarted;
    await sql`begin immediate`.execute(connection);
    try {
      for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(connection);
      for (const { rows } of fills) await rows.execute(connection);
      indexesStarted = performance.now();
      for (const { definition } of indexes) await sql.raw(definition).execute(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    } finally {
      for (const [name, value] of Object.entries(saved)) await pragma(name, value);
    }
    const restored = await pragma("journal_mode");
    if (restored !== saved.journal_mode) throw new Error(`SQLite's journal_mode is ${restored} after the load, not ${saved.journal_mode}`);
    const statisticsStarted = performance.now();
    assertSameSchema(migrated, await sqliteSchema(connection));
    await sql`analyze`.execute(connection);
    const finished = performance.now();
    return {
      rows: (indexesStarted - rowsStarted) / 1000,
      indexes: (statisticsStarted - indexesStarted) / 1000,
      statistics: (finished - statisticsStarted) / 1000,
    };
  });
}

/** Every table, index and trigger of the schema with its SQL, one line each, in order. */
async function sqliteSchema(db: Db): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select type || ' ' || name || ': ' || coalesce(sql, '(automatic)') as line from sqlite_schema
    where name not like 'sqlite_stat%' order by line`.execute(db);
  return rows.map(({ line }) => line);
}

function assertSameSchema(migrated: string[], loaded: string[]): void {
  const missing = migrated.filter((line) => !loaded.includes(line));
  const added = loaded.filter((line) => !migrated.includes(line));
  if (missing.length > 0 || added.length > 0)
    throw new Error(
      `the loaded schema is not the migrated one:\n${[...missing.map((line) => `- ${line}`), ...added.map((line) => `+ ${line}`)].join("\n")}`,
    );
}

/** Runs `tasks` in order, at most `workers` at a time. */
async function inParallel(tasks: (() => Promise<unknown>)[], workers: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await (tasks[next++] as () => Promise<unknown>)();
  };
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, worker));
}
