import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type OperationNode,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { type Db, isPostgres } from "./database.ts";
import type { Database } from "./schema.ts";

/** What `writeTogether` was handed that is not a plain write: its result would be needed before the writes ran. */
export class NotAPlainWrite extends Error {}

/** The table a write's operation tree names (its first, for a DELETE of several). */
function tableOf(node: OperationNode): string | undefined {
  const named = (table: unknown): string | undefined => {
    const each = table as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
    if (each?.kind === "AliasNode") return named(each.node);
    return each?.table?.identifier?.name;
  };
  const write = node as { into?: unknown; table?: unknown; from?: { froms?: unknown[] } };
  return named(write.into ?? write.table ?? write.from?.froms?.[0]);
}

/** Records the queries a batch's writes would run, and answers each as if it had written nothing back. */
class RecordingDriver implements Driver {
  readonly queries: CompiledQuery[] = [];
  readonly #inserted = new Set<string | undefined>();
  readonly #connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const kind = query.query.kind;
      const returning = "returning" in query.query && query.query.returning !== undefined;
      if ((kind !== "InsertQueryNode" && kind !== "UpdateQueryNode" && kind !== "DeleteQueryNode") || returning) {
        throw new NotAPlainWrite(`writeTogether takes inserts, updates and deletes without RETURNING, not: ${query.sql}`);
      }
      // On PostgreSQL the writes of one statement all see the database as it was before it: an
      // update or a delete would not see a row inserted beside it, as it does on SQLite.
      const table = tableOf(query.query);
      if (kind !== "InsertQueryNode" && this.#inserted.has(table)) {
        throw new NotAPlainWrite(`writeTogether cannot change rows of ${table} after inserting into it: ${query.sql}`);
      }
      if (kind === "InsertQueryNode") this.#inserted.add(table);
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
 * write plus BEGIN and COMMIT. SQLite runs inside the process, where round trips cost next to
 * nothing: the writes run in order in one transaction. What `writes` answers is answered once they
 * are in.
 *
 * On PostgreSQL the writes run in no set order and all see the database as it was before the
 * statement. Foreign keys are checked at its end, so a row may refer to one written beside it; an
 * update or delete after an insert into the same table is refused (it would not see that row); and
 * a delete and an insert of the same unique key would collide, so a batch must not rely on that.
 */
export async function writeTogether<T>(db: Db, writes: (batch: Kysely<Database>) => Promise<T>): Promise<T> {
  const executor = db.getExecutor();
  const postgres = isPostgres(db);
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
  await db.executeQuery(joinedStatement(queries));
  return answer;
}

/**
 * PostgreSQL writes as one statement, each but the last a data-modifying WITH: their compiled
 * texts joined, each one's $n parameters numbered on from the one before, so nothing is compiled
 * twice (and a query compiled once with stand-ins for its values, reusable-query.ts, is never
 * compiled again from its tree, which holds the stand-ins).
 */
function joinedStatement(queries: readonly CompiledQuery[]): CompiledQuery {
  const parameters = queries.flatMap((query) => query.parameters);
  const key = queries.map((query) => query.sql).join("\0");
  let text = joinedTexts.get(key);
  if (text === undefined) {
    let offset = 0;
    const texts = queries.map((query) => {
      const renumberedText = renumbered(query.sql, offset);
      offset += query.parameters.length;
      return renumberedText;
    });
    const leading = texts.slice(0, -1).map((each, index) => `write_${index} as (${each})`);
    text = `with ${leading.join(", ")} ${texts.at(-1)}`;
    if (joinedTexts.size < JOINED_TEXTS_KEPT) joinedTexts.set(key, text);
  }
  return CompiledQuery.raw(text, parameters);
}

/**
 * Joined texts by the texts they join: the same writes (a sign-in's) join to the same text, and
 * renumbering them anew cost as much as compiling one. Bounded as prepared-statements.ts bounds the
 * texts it names, past which texts are joined each time.
 */
const joinedTexts = new Map<string, string>();
const JOINED_TEXTS_KEPT = 500;

/**
 * `text` with each parameter $n made $(n + offset). Quoted literals and quoted names are left as
 * they are, whatever they hold ('' and "" inside them being a quote, as PostgreSQL reads them).
 */
function renumbered(text: string, offset: number): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (whole, index: string | undefined) =>
    index === undefined ? whole : `$${Number(index) + offset}`,
  );
}
