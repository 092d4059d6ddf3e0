import pg from "pg";

/** Statements that read or write rows: the ones run again and again, and the ones worth preparing. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A PostgreSQL client that prepares each statement the server runs once per connection, under a
 * name, and from then on only binds and executes it. Sent as text with its values (what pg does by
 * default), a statement is parsed, analysed and rewritten by PostgreSQL every time it runs; for the
 * server's statements, several of them chains of data-modifying WITHs, that was about 40% of
 * PostgreSQL's CPU in a sign-in burst (2.8 s for 1,000 access-link requests, 1.5–1.7 s prepared;
 * bench/mail-burst.ts).
 *
 * Names are given in the order statements are first seen, shared by every connection of the
 * process, so one text always has one name. Only statements that read or write rows are named
 * (not the schema's migrations, not transaction control), and at most `limit` texts: a statement
 * built with a list of varying length makes a text per length, and each connection keeps what it
 * prepared until it closes. Past the limit statements run as before, unprepared.
 *
 * Behind PgBouncer in transaction mode, named statements need PgBouncer 1.21 or later with
 * `max_prepared_statements` set (docs/operating.md, "Several instances").
 */
export function preparingClient(limit = 500): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < limit && DATA_STATEMENT.test(text)) {
      name = `account_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  /**
   * A migration that changes a table's columns (another instance's, in a rolling deploy) leaves a
   * statement prepared before it that answers with them (`select *`, `returning *`) failing on
   * every connection that prepared it: "cached plan must not change result type". The text then
   * gets a new name, which every connection prepares afresh, and the statement is run again under
   * it at once (in a transaction the failure has already ended, only the next run succeeds).
   */
  let renames = 0;
  const renamed = (text: string, stale: string): string => {
    if (names.get(text) === stale) names.set(text, `account_r${++renames}`);
    return names.get(text) as string;
  };
  return class PreparingClient extends pg.Client {
    // pg's query has a dozen overloads; this one changes only (text, values), answered by a promise.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      const name = typeof text === "string" && Array.isArray(values) && callback === undefined ? nameOf(text) : undefined;
      const query = super.query as (...passed: unknown[]) => Promise<unknown>;
      if (name === undefined) return query.apply(this, args) as never;
      return query.call(this, { name, text, values }).catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code !== CACHED_PLAN_CHANGED) throw error;
        return query.call(this, { name: renamed(text as string, name), text, values }).catch(() => {
          throw error;
        });
      }) as never;
    }
  };
}

/** SQLSTATE 0A000 with "cached plan must not change result type": the statement's columns changed since it was prepared. */
const CACHED_PLAN_CHANGED = "0A000";
