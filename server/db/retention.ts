import { type Expression, type RawBuilder, sql } from "kysely";
import { type Db, isPostgres } from "./database.ts";
import type { Database } from "./schema.ts";

/** Rows one statement of a sweep deletes at most: a few milliseconds of locks and of writes. */
const SWEEP_BATCH = 1_000;

/** What a sweep did: rows deleted, in how many statements, over how long, and its longest statement. */
export interface SweepCost {
  rows: number;
  batches: number;
  ms: number;
  longestBatchMs: number;
}

const NOTHING_SWEPT: SweepCost = { rows: 0, batches: 0, ms: 0, longestBatchMs: 0 };

/** Two sweeps of one job (the sessions' expiry and their idle time) as one cost. */
export function addCosts(...costs: SweepCost[]): SweepCost {
  return costs.reduce((sum, cost) => ({
    rows: sum.rows + cost.rows,
    batches: sum.batches + cost.batches,
    ms: sum.ms + cost.ms,
    longestBatchMs: Math.max(sum.longestBatchMs, cost.longestBatchMs),
  }));
}

/**
 * Deletes the rows of `table` that `condition` selects, oldest first by `oldest`, `batch` at a
 * time: each statement deletes at most that many and commits, so no sweep holds locks (or, on
 * SQLite, the one writer's turn) for long, however many rows have gone stale, and the event loop
 * gets a turn between statements. Each batch is picked by row address (PostgreSQL's ctid,
 * SQLite's rowid), from a select that walks the index on `oldest`: the order is what makes an
 * index scan the plan even when PostgreSQL runs the prepared statement with a generic plan, which
 * does not know how few rows the cutoff leaves (test/query-plans.test.ts). A row changed between
 * the select and the delete has a new address and waits for the next sweep.
 */
export async function deleteInBatches(
  db: Db,
  table: keyof Database,
  oldest: string,
  condition: RawBuilder<unknown> | Expression<unknown>,
  batch = SWEEP_BATCH,
): Promise<SweepCost> {
  const postgres = isPostgres(db);
  const address = sql.raw(postgres ? "ctid" : "rowid");
  const pick = sql`select ${address} from ${sql.table(table)} where ${condition} order by ${sql.ref(oldest)} limit ${sql.lit(batch)}`;
  const statement = postgres
    ? sql`delete from ${sql.table(table)} where ctid = any(array(${pick}))`
    : sql`delete from ${sql.table(table)} where rowid in (${pick})`;
  const cost = { ...NOTHING_SWEPT };
  const started = performance.now();
  for (;;) {
    const before = performance.now();
    const deleted = Number((await statement.execute(db)).numAffectedRows ?? 0n);
    cost.longestBatchMs = Math.max(cost.longestBatchMs, performance.now() - before);
    cost.batches += 1;
    cost.rows += deleted;
    if (deleted < batch) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  cost.ms = performance.now() - started;
  return cost;
}
