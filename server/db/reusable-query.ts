import type { Compilable, CompiledQuery, Kysely } from "kysely";
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
  const compiledFor = new WeakMap<Kysely<Database>, { compiled: CompiledQuery<Row>; slots: ((keyof Values & string) | undefined)[] }>();
  return async (db, values) => {
    let entry = compiledFor.get(db);
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
      compiledFor.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((parameter, index) => {
      const slot = slots[index];
      return slot === undefined ? parameter : values[slot as keyof Values];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
