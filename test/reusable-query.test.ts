import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../server/auth/accounts.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { reusableQuery } from "../server/db/reusable-query.ts";
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
});
