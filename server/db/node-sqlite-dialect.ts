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
 * Kysely over Node's built-in `node:sqlite` (no native build step). Kysely's own SQLite driver
 * hands one connection to every caller at once, which lets one request's queries land inside
 * another request's open transaction; this driver lends the connection to one caller at a time.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;
  constructor(database: DatabaseSync) {
    this.#database = database;
  }
  createAdapter() {
    return new NodeSqliteAdapter();
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database);
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
 * The connection is lent to one caller at a time. Inside a transaction, use the transaction's
 * handle only: a query on the outer handle would wait for the transaction, which waits for it.
 */
class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();
  constructor(database: DatabaseSync) {
    this.#connection = new NodeSqliteConnection(database);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    // A chain of promises is the mutex: each caller waits for the previous one's release.
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.#connection.release = release;
    return this.#connection;
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as NodeSqliteConnection).release();
  }
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    // IMMEDIATE takes the write lock at once, so two instances on one file never deadlock midway.
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

class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  release: () => void = () => {};
  constructor(database: DatabaseSync) {
    this.#database = database;
  }
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    if (statement.columns().length > 0) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
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
