import { afterAll, beforeAll, expect, it } from "vitest";
import { countEachInOrder, settleAttempts } from "../../../server/auth/kernel/rate-limit.ts";
import { bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import { startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";

/**
 * Password sign-ins of one account from one address at the same moment (a family behind one
 * router, a script retrying) each count three rate-limit rows and then settle them. On PostgreSQL
 * the count locks them address, origin, account; a settle that locked them in another order
 * deadlocked with a count under way, and that sign-in answered 500.
 */
describeEachDatabase("a password check's counts and settles at once, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** What checkPassword counts before the hash, and settles after a right password, for one email from one address. */
  function passwordCheckOf(email: string, address: string) {
    const { db, config } = server;
    const origin = `ip.${address}`;
    const keys = {
      ip: bucketKey("passwordFailuresPerIp", address),
      origin: bucketKey("passwordFailuresPerEmailAndOrigin", email, origin),
      account: bucketKey("passwordFailuresPerAccount", email),
    };
    return {
      keys,
      count: () =>
        countEachInOrder(db, config, [
          ["passwordFailuresPerIp", address],
          ["passwordFailuresPerEmailAndOrigin", email, origin],
          ["passwordFailuresPerAccount", email],
        ]),
      settle: () =>
        settleAttempts(db, [
          ["uncount", keys.ip],
          ["forget", keys.origin],
          ["uncount", keys.account],
        ]),
    };
  }

  it("never deadlock", async () => {
    const { count, settle } = passwordCheckOf("family@example.com", "203.0.113.9");
    const failures: string[] = [];
    for (let round = 0; round < 40; round += 1) {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? count() : settle())));
      for (const result of results) if (result.status === "rejected") failures.push(String(result.reason));
    }
    expect(failures).toEqual([]);
  });

  it("a settle forgets the origin's attempts and takes one back from the address and the account", async () => {
    const { keys, count, settle } = passwordCheckOf("settled@example.com", "203.0.113.10");
    for (let attempt = 0; attempt < 3; attempt += 1) await count();
    await settle();
    const rows = await server.db.selectFrom("rate_limits").select(["key", "count"]).where("key", "in", Object.values(keys)).execute();
    const counted = Object.fromEntries(rows.map((row) => [row.key, row.count]));
    expect(counted).toEqual({ [keys.ip]: 2, [keys.account]: 2 });
  });
});
