import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparingClient } from "../server/db/prepared-statements.ts";
import { createTestDatabase, POSTGRES_REQUIRED, type TestDatabase } from "./support/databases.ts";

const skipped = !process.env.TEST_POSTGRES_URL && process.env.TEST_SQLITE_ONLY === "1";

describe.skipIf(skipped)("statements prepared once per PostgreSQL connection", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    if (!process.env.TEST_POSTGRES_URL) throw new Error(POSTGRES_REQUIRED);
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database?.drop());

  /** One connection, so what it prepared can be read back from it. */
  async function connection(limit?: number): Promise<pg.Client> {
    const Client = preparingClient(limit);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    return client;
  }
  const prepared = async (client: pg.Client) =>
    (await client.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by name")).rows;

  it("prepares a statement that reads or writes rows the first time and reuses it after", async () => {
    const client = await connection();
    try {
      await client.query("create table if not exists notes (id integer primary key, body text not null)", []);
      await client.query("begin", []);
      await client.query("insert into notes (id, body) values ($1, $2)", [1, "first"]);
      await client.query("insert into notes (id, body) values ($1, $2)", [2, "second"]);
      await client.query("commit", []);
      const read = await client.query("select body from notes where id = $1", [2]);
      expect(read.rows).toEqual([{ body: "second" }]);
      // One name per text, the schema's statement and transaction control left unprepared.
      expect(await prepared(client)).toEqual([
        { name: "account_0", statement: "insert into notes (id, body) values ($1, $2)" },
        { name: "account_1", statement: "select body from notes where id = $1" },
      ]);
    } finally {
      await client.end();
    }
  });

  it("shares the names between connections, and runs a statement past the limit unprepared", async () => {
    const Client = preparingClient(2);
    const [one, two] = [new Client({ connectionString: database.url }), new Client({ connectionString: database.url })];
    await Promise.all([one.connect(), two.connect()]);
    try {
      await one.query("select $1::int as n", [1]);
      await two.query("select $1::int + 1 as n", [1]);
      const third = await two.query("select $1::int + 2 as n", [1]);
      expect(third.rows).toEqual([{ n: 3 }]);
      expect(await prepared(one)).toEqual([{ name: "account_0", statement: "select $1::int as n" }]);
      expect((await prepared(two)).map((row) => row.name)).toEqual(["account_1"]);
      // The first text, met again on the other connection, is prepared there under its own name.
      expect((await two.query("select $1::int as n", [5])).rows).toEqual([{ n: 5 }]);
      expect((await prepared(two)).map((row) => row.name)).toEqual(["account_0", "account_1"]);
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
  });

  it("prepares a statement again when a migration changed the columns it answers with", async () => {
    const [one, two] = [await connection(), await connection()];
    try {
      await one.query("create table if not exists widened (id integer primary key)", []);
      await one.query("insert into widened (id) values ($1)", [1]);
      const select = "select * from widened where id = $1";
      expect((await one.query(select, [1])).rows).toEqual([{ id: 1 }]);
      expect((await two.query(select, [1])).rows).toEqual([{ id: 1 }]);
      // Another instance's migration, while these connections hold the statement prepared.
      await one.query("alter table widened add column note text not null default 'new'", []);
      expect((await one.query(select, [1])).rows).toEqual([{ id: 1, note: "new" }]);
      expect((await two.query(select, [1])).rows).toEqual([{ id: 1, note: "new" }]);
      // In a transaction the failed run has ended it; the next one succeeds.
      await one.query("alter table widened add column other integer not null default 2", []);
      await one.query("begin", []);
      await expect(one.query(select, [1])).rejects.toMatchObject({ code: "0A000" });
      await one.query("rollback", []);
      expect((await one.query(select, [1])).rows).toEqual([{ id: 1, note: "new", other: 2 }]);
      expect((await two.query(select, [1])).rows).toEqual([{ id: 1, note: "new", other: 2 }]);
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
  });

  it("keeps working after a prepared statement fails", async () => {
    const client = await connection();
    try {
      await client.query("create table if not exists unique_notes (id integer primary key)", []);
      const insert = "insert into unique_notes (id) values ($1)";
      await client.query(insert, [1]);
      await expect(client.query(insert, [1])).rejects.toMatchObject({ code: "23505" });
      await client.query(insert, [2]);
      expect((await client.query("select count(*)::int as n from unique_notes", [])).rows).toEqual([{ n: 2 }]);
      // A text that does not parse is never kept: its second run fails the same way, not with "does not exist".
      await expect(client.query("select nonsense from nowhere where id = $1", [1])).rejects.toMatchObject({ code: "42P01" });
      await expect(client.query("select nonsense from nowhere where id = $1", [1])).rejects.toMatchObject({ code: "42P01" });
    } finally {
      await client.end();
    }
  });
});
