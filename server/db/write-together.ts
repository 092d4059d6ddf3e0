import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

/** What `writeTogether` was handed that is not a plain write: its result would be needed before the writes ran. */
export class NotAPlainWrite extends Error {}

/** Records the queries a batch's writes would run, and answers each as if it had written nothing back. */
class RecordingDriver implements Driver {
  readonly queries: CompiledQuery[] = [];
  readonly #connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const kind = query.query.kind;
      const returning = "returning" in query.query && query.query.returning !== undefined;
      if ((kind !== "InsertQueryNode" && kind !== "UpdateQueryNode" && kind !== "DeleteQueryNode") || returning) {
        throw new NotAPlainWrite(`writeTogether takes inserts, updates and deletes without RETURNING, not: ${query.sql}`);
      }
      this.queries.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new NotAPlainWrite("writeTogether does not stream");
    },
  };
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new NotAPlainWrite("writeTogether is already one transaction");
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/**
 * Runs writes that need nothing back from the database (a sign-in link's token, its code, its
 * audit entry, its mail) as one unit, in as few round trips as the database allows. `writes` gets
 * a handle that records instead of running (anything but a plain insert, update or delete throws
 * NotAPlainWrite); then, on PostgreSQL, the recorded writes run as one statement, each but the last
 * a data-modifying WITH, which is atomic as a transaction is and one round trip instead of one per
 * write plus BEGIN and COMMIT. Constraints are checked at the statement's end, so a row may refer
 * to one written beside it. SQLite runs inside the process, where round trips cost next to nothing:
 * the writes run in order in one transaction. What `writes` answers is answered once they are in.
 */
export async function writeTogether<T>(db: Db, writes: (batch: Kysely<Database>) => Promise<T>): Promise<T> {
  const executor = db.getExecutor();
  const postgres = executor.adapter instanceof PostgresAdapter;
  const recorder = new RecordingDriver();
  const batch = new Kysely<Database>({
    dialect: {
      createAdapter: () => executor.adapter,
      createDriver: () => recorder,
      createIntrospector: (kysely) => (postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
  const answer = await writes(batch);
  const queries = recorder.queries;
  if (queries.length === 0) return answer;
  if (!postgres) {
    await db.transaction().execute(async (tx) => {
      for (const query of queries) await tx.executeQuery(query);
    });
    return answer;
  }
  if (queries.length === 1) {
    await db.executeQuery(queries[0] as CompiledQuery);
    return answer;
  }
  const node = (query: CompiledQuery) => ({ toOperationNode: (): OperationNode => query.query });
  const leading = queries.slice(0, -1).map((query, index) => sql`${sql.raw(`write_${index}`)} as (${node(query)})`);
  await sql`with ${sql.join(leading)} ${node(queries.at(-1) as CompiledQuery)}`.execute(db);
  return answer;
}
