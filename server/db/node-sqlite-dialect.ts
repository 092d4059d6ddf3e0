import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from "kysely";

/**
 * Kysely over Node's built-in `node:sqlite` (no native build step). Kysely's own SqliteDialect
 * cannot be used for three reasons (docs/decisions/0006-sqlite-driver.md): it expects
 * better-sqlite3's statement shape (`reader`, parameters as one array), it begins transactions with
 * a plain BEGIN, and it calls the synchronous API directly, so waiting for another process's write
 * lock would block the event loop. Kysely itself lends the one connection to one caller at a time
 * (SqliteAdapter says it supports no concurrent connections), so this driver has no lock of its own.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;
  readonly #busy: BusyRetry;
  constructor(database: DatabaseSync, busy: Partial<BusyRetry> = {}) {
    this.#database = database;
    this.#busy = { ...DEFAULT_BUSY_RETRY, ...busy };
  }
  createAdapter() {
    return new NodeSqliteAdapter();
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(new NodeSqliteConnection(this.#database, this.#busy));
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}

/** SQLite runs DDL inside transactions, so a migration that fails midway leaves nothing behind. */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Inside a transaction, use the transaction's handle only: a query on the outer handle would wait
 * for the transaction, which waits for it.
 */
class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  constructor(connection: NodeSqliteConnection) {
    this.#connection = connection;
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async releaseConnection() {}
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    // IMMEDIATE takes the write lock at once (waiting, without blocking, while another process
    // holds it), so a transaction never fails midway because a read had to become a write.
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async destroy() {
    this.#connection.close();
  }
}

/**
 * How long a statement waits for another process's lock. SQLite's own busy timeout sleeps inside
 * the synchronous call and so stops the whole event loop; instead the busy timeout is 0 and a
 * locked statement is tried again after a timer, from `initialMs` doubling up to `maxMs`, for up to
 * `totalMs` in all, after which the "database is locked" error is thrown.
 */
export interface BusyRetry {
  initialMs: number;
  maxMs: number;
  totalMs: number;
}

const DEFAULT_BUSY_RETRY: BusyRetry = { initialMs: 1, maxMs: 50, totalMs: 5_000 };

const SQLITE_BUSY = 5;

function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  // Extended codes (SQLITE_BUSY_SNAPSHOT, ...) keep the primary code in the low byte.
  return typeof code === "number" && (code & 0xff) === SQLITE_BUSY;
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #busy: BusyRetry;
  readonly #statements = new Map<string, StatementSync>();
  constructor(database: DatabaseSync, busy: BusyRetry) {
    this.#database = database;
    this.#busy = busy;
  }
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    return this.#whenUnlocked(() => {
      if (statement.columns().length > 0) {
        return { rows: statement.all(...parameters) as R[] };
      }
      const { changes, lastInsertRowid } = statement.run(...parameters);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    });
  }
  /** A statement that found the file locked did nothing; it is run again once a timer has passed. */
  async #whenUnlocked<T>(run: () => T): Promise<T> {
    const started = performance.now();
    let waitMs = this.#busy.initialMs;
    for (;;) {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error) || performance.now() - started + waitMs > this.#busy.totalMs) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, this.#busy.maxMs);
    }
  }
  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming queries are not supported on SQLite");
  }
  close() {
    this.#statements.clear();
    this.#database.close();
  }
  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      // Queries with variable-length lists compile to ever new SQL; keep the cache bounded.
      if (this.#statements.size >= 500) this.#statements.clear();
      statement = this.#database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}
