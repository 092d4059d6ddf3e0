import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { issueToken, PURPOSES } from "../server/auth/kernel/one-time-tokens.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { NotAPlainWrite, writeTogether } from "../server/db/write-together.ts";
import { hashSecret } from "../server/secrets/tokens.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases.ts";

describeEachDatabase("writes sent together on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let accountId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ db } = await openDatabase(database.url));
    accountId = (await createAccount(db, { email: "together@example.com" })).id;
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const codeRow = (tokenHash: string, browserHash: string) => ({
    browser_hash: browserHash,
    token_hash: tokenHash,
    code_hash: "code",
    attempts: 0,
    created_at: Date.now(),
    expires_at: Date.now() + 60_000,
  });

  it("writes every row, one referring to another written beside it, and answers what the writes answered", async () => {
    const token = await writeTogether(db, async (batch) => {
      const secret = await issueToken(batch, PURPOSES.accessLink, { accountId, productId: 6, returnUrl: null, lifetimeMs: 60_000 });
      await batch
        .insertInto("sign_in_codes")
        .values(codeRow(hashSecret(secret), "browser-1"))
        .execute();
      await batch.updateTable("accounts").set({ language: "de" }).where("id", "=", accountId).execute();
      return secret;
    });
    const stored = await db
      .selectFrom("one_time_tokens")
      .select("account_id")
      .where("token_hash", "=", hashSecret(token))
      .executeTakeFirst();
    expect(stored?.account_id).toBe(accountId);
    const code = await db.selectFrom("sign_in_codes").select("token_hash").where("browser_hash", "=", "browser-1").executeTakeFirst();
    expect(code?.token_hash).toBe(hashSecret(token));
    const account = await db.selectFrom("accounts").select("language").where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account.language).toBe("de");
  });

  it("keeps a quoted literal that looks like a parameter as it is written", async () => {
    await writeTogether(db, async (batch) => {
      await issueToken(batch, PURPOSES.accessLink, { accountId, productId: 6, returnUrl: null, lifetimeMs: 60_000 });
      await batch
        .updateTable("accounts")
        .set({ name: sql<string>`${sql.lit("costs $1, not $2")}` })
        .where("id", "=", accountId)
        .execute();
    });
    const account = await db.selectFrom("accounts").select("name").where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account.name).toBe("costs $1, not $2");
  });

  it("writes none of them when one fails", async () => {
    const before = await db
      .selectFrom("one_time_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(
      writeTogether(db, async (batch) => {
        await issueToken(batch, PURPOSES.accessLink, { accountId, productId: 6, returnUrl: null, lifetimeMs: 60_000 });
        // A code for a link that does not exist: the foreign key refuses it, and the token goes too.
        await batch.insertInto("sign_in_codes").values(codeRow("no-such-token", "browser-2")).execute();
      }),
    ).rejects.toThrow();
    const after = await db
      .selectFrom("one_time_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a read or a RETURNING, whose answer would come too late, and writes nothing", async () => {
    await expect(writeTogether(db, (batch) => batch.selectFrom("accounts").selectAll().execute())).rejects.toThrow(NotAPlainWrite);
    await expect(
      writeTogether(db, async (batch) => {
        await batch.updateTable("accounts").set({ language: "fr" }).where("id", "=", accountId).execute();
        await batch.deleteFrom("sign_in_codes").where("browser_hash", "=", "browser-1").returning("token_hash").execute();
      }),
    ).rejects.toThrow(NotAPlainWrite);
    const account = await db.selectFrom("accounts").select("language").where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account.language).toBe("de");
  });

  it("refuses to change rows of a table after inserting into it, which PostgreSQL's one statement would not see", async () => {
    await expect(
      writeTogether(db, async (batch) => {
        const secret = await issueToken(batch, PURPOSES.accessLink, { accountId, productId: 6, returnUrl: null, lifetimeMs: 60_000 });
        await batch.updateTable("one_time_tokens").set({ used_at: Date.now() }).where("token_hash", "=", hashSecret(secret)).execute();
      }),
    ).rejects.toThrow(NotAPlainWrite);
    // A delete before the insert (a browser's earlier code giving way to its new one) is fine.
    await writeTogether(db, async (batch) => {
      const secret = await issueToken(batch, PURPOSES.accessLink, { accountId, productId: 6, returnUrl: null, lifetimeMs: 60_000 });
      await batch.deleteFrom("sign_in_codes").where("browser_hash", "=", "browser-1").execute();
      await batch
        .insertInto("sign_in_codes")
        .values(codeRow(hashSecret(secret), "browser-3"))
        .execute();
    });
    const codes = await db.selectFrom("sign_in_codes").select("browser_hash").orderBy("browser_hash").execute();
    expect(codes.map((code) => code.browser_hash)).toEqual(["browser-3"]);
  });
});
