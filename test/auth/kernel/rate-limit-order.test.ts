import { afterAll, beforeAll, expect, it } from "vitest";
import { enforceLimits } from "../../../server/auth/kernel/rate-limit.ts";
import { type Config, loadConfig } from "../../../server/base/config.ts";
import { AppError } from "../../../server/base/errors.ts";
import { bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import { type Db, openDatabase } from "../../../server/db/database.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/databases.ts";

/**
 * A request counts in its buckets in order and stops at the first over its limit (on PostgreSQL in
 * one statement): an address already refused must not use up the allowance of the email it names.
 */
describeEachDatabase("rate-limit buckets counted in order on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let config: Config;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ db } = await openDatabase(database.url));
    config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url });
    Object.assign(config.rateLimits.limits, { accessLinkPerIp: 2, accessLinkPerEmail: 3 });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const counted = async (key: string) =>
    (await db.selectFrom("rate_limits").select("count").where("key", "=", key).executeTakeFirst())?.count ?? 0;
  const request = (address: string, email: string) =>
    enforceLimits(
      db,
      config,
      [
        ["accessLinkPerIp", address],
        ["accessLinkPerEmail", email],
      ],
      "sign-in links were requested",
    );

  it("stops at a refused address without counting the email it names", async () => {
    await request("198.51.100.1", "victim@example.com");
    await request("198.51.100.1", "victim@example.com");
    const refusal = await request("198.51.100.1", "victim@example.com").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("RATE_LIMITED");
    expect(Number((refusal as AppError).headers["retry-after"])).toBeGreaterThan(0);
    expect(await counted(bucketKey("accessLinkPerIp", "198.51.100.1"))).toBe(3);
    expect(await counted(bucketKey("accessLinkPerEmail", "victim@example.com"))).toBe(2);
  });

  it("counts both and refuses when the email is over its limit, from another address", async () => {
    await request("198.51.100.2", "victim@example.com");
    const refusal = await request("198.51.100.2", "victim@example.com").catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe("RATE_LIMITED");
    expect(await counted(bucketKey("accessLinkPerIp", "198.51.100.2"))).toBe(2);
    expect(await counted(bucketKey("accessLinkPerEmail", "victim@example.com"))).toBe(4);
  });

  it("opens a bucket again once its window has passed", async () => {
    await db
      .updateTable("rate_limits")
      .set({ window_start: Date.now() - config.rateLimits.windowMs - 1 })
      .execute();
    await request("198.51.100.1", "victim@example.com");
    expect(await counted(bucketKey("accessLinkPerIp", "198.51.100.1"))).toBe(1);
    expect(await counted(bucketKey("accessLinkPerEmail", "victim@example.com"))).toBe(1);
  });
});
