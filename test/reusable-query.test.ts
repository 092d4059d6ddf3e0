import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { insertRow, reusableQuery } from "../server/db/reusable-query.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases.ts";

const accountByEmail = reusableQuery<{ emailKey: string; name: string }, { email: string }>(["emailKey", "name"], (db, values) =>
  db.selectFrom("accounts").select("email").where("email_key", "=", values.emailKey).where("name", "=", values.name).limit(1),
);

describeEachDatabase("a query compiled once and run with new values, on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ db } = await openDatabase(database.url));
    await createAccount(db, { email: "first@example.com", name: "First" });
    await createAccount(db, { email: "second@example.com", name: "Second" });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("puts each run's values in their places, and keeps the query's own parameters", async () => {
    expect(await accountByEmail(db, { emailKey: "first@example.com", name: "First" })).toEqual([{ email: "first@example.com" }]);
    expect(await accountByEmail(db, { emailKey: "second@example.com", name: "Second" })).toEqual([{ email: "second@example.com" }]);
    expect(await accountByEmail(db, { emailKey: "first@example.com", name: "Second" })).toEqual([]);
    // A value that looks like SQL is a value like any other.
    expect(await accountByEmail(db, { emailKey: "' or 1=1 --", name: "First" })).toEqual([]);
  });

  it("refuses a query that leaves a named value out", async () => {
    const careless = reusableQuery<{ emailKey: string; unused: number }, { email: string }>(["emailKey", "unused"], (db, values) =>
      db.selectFrom("accounts").select("email").where("email_key", "=", values.emailKey),
    );
    await expect(careless(db, { emailKey: "first@example.com", unused: 1 })).rejects.toThrow("unused not used by the query");
  });

  it("inserts rows of one table with the columns each gives, leaving out those undefined", async () => {
    const now = Date.now();
    await insertRow(db, "rate_limits", { key: "first|row", window_start: now, count: 1 });
    await insertRow(db, "rate_limits", { key: "second|row'); drop table accounts; --", window_start: now + 1, count: 2 });
    await insertRow(db, "audit_events", { id: "a1", account_id: null, event: "account_created", created_at: now, reason: undefined });
    await insertRow(db, "audit_events", { id: "a2", account_id: null, event: "account_created", created_at: now, reason: "given" });
    const limits = await db.selectFrom("rate_limits").select(["key", "window_start", "count"]).orderBy("key").execute();
    expect(limits.map((row) => [row.key, Number(row.window_start), row.count])).toEqual([
      ["first|row", now, 1],
      ["second|row'); drop table accounts; --", now + 1, 2],
    ]);
    const events = await db.selectFrom("audit_events").select(["id", "reason"]).where("id", "in", ["a1", "a2"]).orderBy("id").execute();
    expect(events).toEqual([
      { id: "a1", reason: null },
      { id: "a2", reason: "given" },
    ]);
    expect(await db.selectFrom("accounts").select("email").orderBy("email").execute()).toHaveLength(2);
  });
});
