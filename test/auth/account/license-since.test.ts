import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { exportAccount } from "../../../server/auth/account/account-export.ts";
import { myAccount } from "../../../server/auth/account/my-account.ts";
import { createAccount, setLicense } from "../../../server/auth/kernel/accounts.ts";
import { supportCustomer } from "../../../server/auth/support/support-console.ts";
import { openDatabase } from "../../../server/db/database.ts";
import { migrateDownTo, migrateToLatest } from "../../../server/db/migrations.ts";
import { startTestServer, type TestServer } from "../../support/app.ts";
import { createTestDatabase, describeEachDatabase } from "../../support/databases.ts";

const DAY = 86_400_000;

/**
 * Since when a license is held (licenses.created_at, migration 0030): every insert sets it, a change
 * of state keeps it, and the account page, the export and the support console say it.
 */
describeEachDatabase("since when a license is held, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const licenseRow = (accountId: string) =>
    server.db
      .selectFrom("licenses")
      .select(["state", "created_at", "updated_at"])
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow();

  it("is set when the license is given, kept when its state changes, and shown everywhere licenses are", async () => {
    const before = Date.now();
    const account = await createAccount(server.db, { email: "since@example.com", product: "dsone" });
    const given = await licenseRow(account.id);
    expect(Number(given.created_at)).toBeGreaterThanOrEqual(before);
    expect(Number(given.created_at)).toBe(Number(given.updated_at));

    // Backdate it, then change its state: the date it was given stays, the change is dated now.
    await server.db
      .updateTable("licenses")
      .set({ updated_at: before - 30 * DAY })
      .where("account_id", "=", account.id)
      .execute();
    await sql`update licenses set created_at = ${before - 30 * DAY} where account_id = ${account.id}`.execute(server.db);
    await setLicense(server.db, "since@example.com", "dsone", "Expired");
    const changed = await licenseRow(account.id);
    expect(changed.state).toBe("Expired");
    expect(Number(changed.created_at)).toBe(before - 30 * DAY);
    expect(Number(changed.updated_at)).toBeGreaterThanOrEqual(before);

    const page = await myAccount(server.db, server.config, account.id, undefined);
    expect(page?.licenses).toEqual([{ product: "dsone", state: "Expired", since: before - 30 * DAY }]);
    const data = await exportAccount(server.db, account.id);
    expect(data?.licenses).toEqual([
      { product: "dsone", state: "Expired", createdAt: new Date(before - 30 * DAY).toISOString(), updatedAt: expect.any(String) },
    ]);
    const support = await createAccount(server.db, { email: "since.support@example.com", role: "support" });
    const record = await supportCustomer(server.db, server.config, { accountId: support.id, role: "support" }, account.id);
    expect(record?.licenses).toMatchObject([{ product: "dsone", state: "Expired", createdAt: before - 30 * DAY }]);
  });

  it("a license given anew after its removal starts a new date", async () => {
    const account = await createAccount(server.db, { email: "again@example.com", product: "dsone" });
    await sql`update licenses set created_at = 1000, updated_at = 1000 where account_id = ${account.id}`.execute(server.db);
    await setLicense(server.db, "again@example.com", "dsone", "none");
    const before = Date.now();
    await setLicense(server.db, "again@example.com", "dsone", "Trial");
    expect(Number((await licenseRow(account.id)).created_at)).toBeGreaterThanOrEqual(before);
  });

  it("takes updated_at for a license the previous release inserted without it, during an upgrade", async () => {
    const account = await createAccount(server.db, { email: "old.release@example.com" });
    // The previous release's insert: it does not know created_at.
    await sql`insert into licenses (account_id, product_id, state, updated_at) values (${account.id}, 6, 'Active', 5000)`.execute(
      server.db,
    );
    const page = await myAccount(server.db, server.config, account.id, undefined);
    expect(page?.licenses).toEqual([{ product: "dsone", state: "Active", since: 5000 }]);
  });

  it("fills created_at from updated_at for the licenses there before the migration", async () => {
    const database = await createTestDatabase(kind);
    const opened = await openDatabase(database.url);
    try {
      const db = opened.db as unknown as Kysely<unknown>;
      // Back to the schema before 0030, with a license of that time in it; then the upgrade.
      await migrateDownTo(db, "0029_logout_queue_bounds");
      await sql`insert into accounts (id, email, email_key, name, created_at) values ('a-1', 'a@example.com', 'a@example.com', '', 1)`.execute(
        db,
      );
      await sql`insert into licenses (account_id, product_id, state, updated_at) values ('a-1', 6, 'Trial', 7000)`.execute(db);
      await migrateToLatest(db);
      const rows = await sql<{ created_at: number | string }>`select created_at from licenses`.execute(db);
      expect(rows.rows.map((row) => Number(row.created_at))).toEqual([7000]);
    } finally {
      await opened.db.destroy();
      await database.drop();
    }
  });
});
