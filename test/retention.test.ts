import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pruneKnownOrigins } from "../server/auth/kernel/known-origins.ts";
import { pruneRateLimits } from "../server/auth/kernel/rate-limit.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { deleteInBatches } from "../server/db/retention.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases.ts";

const DAY = 86_400_000;

/**
 * The housekeeping sweeps delete in bounded batches (server/db/retention.ts): every stale row goes,
 * however many there are, in statements of at most the batch size, and no row that is still kept.
 */
describeEachDatabase("retention sweeps on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ db } = await openDatabase(database.url));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("deletes every stale row in batches of at most the batch size, oldest first, and keeps the rest", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 2_500 }, (_, index) => ({ key: `sweep|${index}`, window_start: now - index * 1_000, count: 1 }));
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto("rate_limits")
        .values(rows.slice(start, start + 500))
        .execute();
    // Rows 1,000 s old and older are stale: 1,500 of them, in batches of 400 (four, the last short).
    const cost = await deleteInBatches(db, "rate_limits", "window_start", sql`window_start <= ${now - 1_000_000}`, 400);
    expect(cost).toMatchObject({ rows: 1_500, batches: 4 });
    const kept = await db
      .selectFrom("rate_limits")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(1_000);
    expect((await pruneRateLimits(db, 500_000, now)).rows).toBe(500);
  });

  it("forgets an address after a month and a browser after 400 days, each by a sweep of its own", async () => {
    const account = "00000000-0000-4000-8000-000000000001";
    await db
      .insertInto("accounts")
      .values({ id: account, email: "sweep@example.com", email_key: "sweep@example.com", name: "", created_at: 0 })
      .execute();
    const now = Date.now();
    await db
      .insertInto("known_origins")
      .values([
        { account_id: account, mark: "a.old", last_seen_at: now - 31 * DAY },
        { account_id: account, mark: "a.new", last_seen_at: now - 29 * DAY },
        { account_id: account, mark: "d.month", last_seen_at: now - 31 * DAY },
        { account_id: account, mark: "d.old", last_seen_at: now - 401 * DAY },
      ])
      .execute();
    expect((await pruneKnownOrigins(db, now)).rows).toBe(2);
    const marks = await db.selectFrom("known_origins").select("mark").where("account_id", "=", account).orderBy("mark").execute();
    expect(marks.map(({ mark }) => mark)).toEqual(["a.new", "d.month"]);
  });
});
