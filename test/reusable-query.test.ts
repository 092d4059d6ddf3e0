import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../server/auth/accounts.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { reusableQuery } from "../server/db/reusable-query.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases.ts";

const accountByEmail = reusableQuery<{ emailKey: string; minimum: number }, { email: string }>(["emailKey", "minimum"], (db, values) =>
  db.selectFrom("accounts").select("email").where("email_key", "=", values.emailKey).where("is_admin", ">=", values.minimum).limit(1),
);

describeEachDatabase("a query compiled once and run with new values, on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ db } = await openDatabase(database.url));
    await createAccount(db, { email: "first@example.com" });
    await createAccount(db, { email: "second@example.com", isAdmin: true });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("puts each run's values in their places, and keeps the query's own parameters", async () => {
    expect(await accountByEmail(db, { emailKey: "first@example.com", minimum: 0 })).toEqual([{ email: "first@example.com" }]);
    expect(await accountByEmail(db, { emailKey: "second@example.com", minimum: 1 })).toEqual([{ email: "second@example.com" }]);
    expect(await accountByEmail(db, { emailKey: "first@example.com", minimum: 1 })).toEqual([]);
    // A value that looks like SQL is a value like any other.
    expect(await accountByEmail(db, { emailKey: "' or 1=1 --", minimum: 0 })).toEqual([]);
  });

  it("refuses a query that leaves a named value out", async () => {
    const careless = reusableQuery<{ emailKey: string; unused: number }, { email: string }>(["emailKey", "unused"], (db, values) =>
      db.selectFrom("accounts").select("email").where("email_key", "=", values.emailKey),
    );
    await expect(careless(db, { emailKey: "first@example.com", unused: 1 })).rejects.toThrow("unused not used by the query");
  });
});
