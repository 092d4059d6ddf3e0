import type { Compilable, CompiledQuery, DialectAdapter, Insertable, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Stands in for one value while a reusable query is compiled. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * A query built and compiled once per database, then run with new values each time. Building and
 * compiling a Kysely query (its operation tree, frozen objects, the SQL text) costs the busiest
 * request, the session check, more than the database's own work does. `build` receives stand-ins
 * for the values, to use where the values go; each run puts the values in their places. Any other
 * parameter of the query (a LIMIT) stays as compiled.
 */
export function reusableQuery<Values extends object, Row>(
  names: readonly (keyof Values & string)[],
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
  // Per adapter: a query compiles to the same SQL for every handle of one database, the handle of
  // a transaction and the one writeTogether records with included. (A handle given plugins of its
  // own shares them too; the server gives none.)
  const compiledFor = new WeakMap<DialectAdapter, { compiled: CompiledQuery<Row>; slots: ((keyof Values & string) | undefined)[] }>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiledFor.get(adapter);
    if (!entry) {
      // The stand-ins are typed as the values they stand for: the builder sees the real types.
      const standIns = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as Values;
      const compiled = build(db, standIns).compile();
      const slots = compiled.parameters.map((parameter) =>
        parameter instanceof Slot ? (parameter.name as keyof Values & string) : undefined,
      );
      const unused = names.filter((name) => !slots.includes(name));
      if (unused.length > 0) throw new Error(`reusableQuery: ${unused.join(", ")} not used by the query`);
      entry = { compiled, slots };
      compiledFor.set(adapter, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((parameter, index) => {
      const slot = slots[index];
      return slot === undefined ? parameter : values[slot as keyof Values];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/** Single-row inserts by table and the columns they give; each compiles once per database, as reusableQuery does. */
const inserts = new Map<string, (db: Kysely<Database>, row: object) => Promise<unknown[]>>();

/**
 * Inserts one row into `table`, with the statement compiled once per database and set of columns
 * given (as reusableQuery does for a query): the writes of a sign-in are single-row inserts, and
 * building each anew cost more than the database took to write it.
 */
export async function insertRow<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  row: Insertable<Database[Table]>,
): Promise<void> {
  // A column left undefined is left out, as Kysely's own insert leaves it out.
  const columns = Object.keys(row).filter((column) => (row as Record<string, unknown>)[column] !== undefined);
  const key = `${table}(${columns.join(",")})`;
  let insert = inserts.get(key);
  if (!insert) {
    insert = reusableQuery<Record<string, unknown>, unknown>(columns, (handle, values) =>
      handle.insertInto(table).values(values as Insertable<Database[Table]>),
    ) as (db: Kysely<Database>, row: object) => Promise<unknown[]>;
    inserts.set(key, insert);
  }
  await insert(db, row);
}
