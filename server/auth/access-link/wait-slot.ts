import type { Db } from "../../db/database.ts";

/**
 * One approval wait held at a time per browser, on every instance: a long poll holds a request and
 * a database read a second for up to 20 s, so a browser that opened 25 of them at once would cost
 * 25 times that. The slot is a row of the shared counters' table (rate_limits), keyed on the
 * browser's hash, whose window_start is when it was taken: taking it is one upsert that writes only
 * when no live slot is there, and giving it back deletes the row it wrote, never a later one.
 */
const SLOT_PREFIX = "approval-wait:browser|";

/**
 * A slot older than this was left by a wait that could not give it back (its instance stopped): a
 * held wait lasts at most its 20 s and one more read of the database, well within it.
 */
const SLOT_HELD_AT_MOST_MS = 30_000;

export interface WaitSlot {
  release(): Promise<void>;
}

/** Takes the browser's slot, or answers undefined when another wait of that browser holds it. */
export async function takeWaitSlot(db: Db, browserHash: string, now = Date.now()): Promise<WaitSlot | undefined> {
  const key = `${SLOT_PREFIX}${browserHash}`;
  const taken = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({ window_start: now, count: 1 })
        .where("rate_limits.window_start", "<=", now - SLOT_HELD_AT_MOST_MS),
    )
    .returning("window_start")
    .executeTakeFirst();
  if (!taken) return undefined;
  return {
    release: async () => {
      await db.deleteFrom("rate_limits").where("key", "=", key).where("window_start", "=", now).execute();
    },
  };
}
