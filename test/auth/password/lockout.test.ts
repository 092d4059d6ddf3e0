import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { RESET_ANSWER_MS } from "../../../server/auth/password/password-reset.ts";
import { bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import { argon2Scheduler } from "../../../server/secrets/argon2-scheduler.ts";
import { sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const OWNER = "owner@example.com";
const OWNER_ADDRESS = "203.0.113.10";

/** Every 429 says when to come back. */
function expectRefused(response: LightMyRequestResponse, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toMatch(message);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

describeEachDatabase("lockout an attacker cannot turn against the owner, on %s", (kind) => {
  let server: TestServer;
  let deviceCookie = "";

  beforeAll(async () => {
    server = await startTestServer(kind, {
      PASSWORD_FAILURE_LIMIT_PER_ACCOUNT: "20",
      PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "3",
      ACCESS_LINK_LIMIT_PER_EMAIL: "2",
      PASSWORD_RESET_LIMIT_PER_EMAIL: "2",
      SET_PASSWORD_LIMIT_PER_ACCOUNT: "4",
      RESET_CODE_LIMIT_PER_IP: "3",
    });
    await createAccount(server.db, { email: OWNER, password: "owner-secret-1" });
    // The owner signed in on this browser before: it holds the device cookie.
    const signedIn = await login(OWNER, "owner-secret-1", OWNER_ADDRESS);
    expect(signedIn.statusCode).toBe(200);
    const device = signedIn.cookies.find((cookie) => cookie.name === "device");
    expect(device).toMatchObject({ httpOnly: true, secure: true, path: "/" });
    expect(device?.maxAge).toBeGreaterThan(365 * 86_400);
    deviceCookie = `device=${device?.value}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, payload: unknown, remoteAddress: string, extra: Partial<InjectOptions> = {}) =>
    server.app.inject({ method: "POST", url, remoteAddress, payload: payload as InjectOptions["payload"], ...extra });
  const login = (Email: string, Password: string, address: string, cookie?: string) =>
    post("/api/dsone/password-login", { Email, Password }, address, cookie ? { headers: { cookie } } : {});

  async function accountFailures(): Promise<number> {
    const row = await server.db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", bucketKey("passwordFailuresPerAccount", OWNER))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  it("steps up an address after its failures, refuses strangers at the account's limit, and lets the owner's device and address in", async () => {
    // One address: three failures, then it must step up (no captcha configured: the emailed link).
    for (let i = 0; i < 3; i++) expect((await login(OWNER, "guess-secret", "198.51.100.1")).statusCode).toBe(401);
    expectRefused(await login(OWNER, "owner-secret-1", "198.51.100.1"), /sign in with an emailed link/);

    // Many addresses: strangers together may fail 20 - 2 (the owner's reserve) times.
    const statuses: number[] = [];
    for (let i = 2; i <= 7; i++) {
      for (let j = 0; j < 3; j++) statuses.push((await login(OWNER, "guess-secret", `198.51.100.${i}`)).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(15);
    expect(await accountFailures()).toBe(18);
    // Now a stranger is refused unchecked, even with the right password.
    expectRefused(await login(OWNER, "owner-secret-1", "198.51.100.50"), /on this account/);
    expect(await accountFailures()).toBe(18);

    // The owner's own browser, from anywhere, and the owner's own address, still get in.
    expect((await login(OWNER, "owner-secret-1", "192.0.2.77", deviceCookie)).statusCode).toBe(200);
    expect((await login(OWNER, "owner-secret-1", OWNER_ADDRESS)).statusCode).toBe(200);
    // The account's total never passes the limit (NIST SP 800-63B: at most 100 an hour): the
    // owner's own origins may use the reserve, no more.
    const own: number[] = [];
    for (let i = 0; i < 3; i++) own.push((await login(OWNER, "guess-secret", "192.0.2.77", deviceCookie)).statusCode);
    expect(own).toEqual([401, 401, 429]);
    expect(await accountFailures()).toBe(20);
  });

  it("keeps the owner's own mail allowance when strangers have used up the email's", async () => {
    const sent = () => server.db.selectFrom("outbox").select("id").where("to_address", "=", OWNER).execute();
    const before = (await sent()).length;
    for (const [url, payload] of [
      ["/api/access-link", { Email: OWNER, ProductId: 6 }],
      ["/api/password/forgot", { email: OWNER }],
    ] as const) {
      for (let i = 0; i < 2; i++) expect((await post(url, payload, `198.51.100.${60 + i}`)).statusCode).toBe(200);
      expectRefused(await post(url, payload, "198.51.100.70"), /^Too many .* Please wait \d+ minutes? and try again\.$/);
      // The owner's device, at a new address, and the owner's address, each still get their mail.
      expect((await post(url, payload, "192.0.2.78", { headers: { cookie: deviceCookie } })).statusCode).toBe(200);
      expect((await post(url, payload, OWNER_ADDRESS)).statusCode).toBe(200);
    }
    // Strangers sent the victim at most 2 + 2 mails; the owner asked for the other 4.
    expect((await sent()).length - before).toBe(8);
  });

  it("refuses set-password before hashing, and limits it", async () => {
    await createAccount(server.db, { email: "has-password@example.com", password: "has-secret-1" });
    const cookie = sessionCookieFrom(await login("has-password@example.com", "has-secret-1", "192.0.2.90"));
    const hashesBefore = argon2Scheduler.stats().hashesDone;
    const attempt = () =>
      post("/api/password/set", { Password: "another-secret-2", ConfirmPassword: "another-secret-2" }, "192.0.2.90", {
        headers: { cookie },
      });
    for (let i = 0; i < 4; i++) expect((await attempt()).json().code).toBe("PASSWORD_ALREADY_SET");
    // The account already had a password: not one of these requests ran argon2.
    expect(argon2Scheduler.stats().hashesDone).toBe(hashesBefore);
    expectRefused(await attempt(), /^Too many password changes\./);
  });

  it("answers a reset request for a known and an unknown email in the same time", async () => {
    await createAccount(server.db, { email: "known@example.com", password: "known-secret-1" });
    for (const email of ["known@example.com", "nobody-here@example.com"]) {
      const started = performance.now();
      const answer = await post("/api/password/forgot", { email }, `192.0.2.${email.length}`);
      expect(answer.statusCode).toBe(200);
      // Both wait for the same floor; the mail work of a known email fits well inside it.
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    }
  });

  it("limits the reset-code checks of one address, opening and spending alike", async () => {
    const code = "C".repeat(43);
    const statuses = [
      (await post("/api/password/reset/open", { code, email: OWNER }, "192.0.2.120")).statusCode,
      (
        await post(
          "/api/password/reset",
          { Password: "long-secret-1", ConfirmPassword: "long-secret-1", Email: OWNER, Code: code },
          "192.0.2.120",
        )
      ).statusCode,
      (await post("/api/password/reset/open", { code, email: OWNER }, "192.0.2.120")).statusCode,
    ];
    expect(statuses).toEqual([404, 404, 404]);
    expectRefused(await post("/api/password/reset/open", { code, email: OWNER }, "192.0.2.120"), /^Too many password reset attempts\./);
    const earlier = await post(
      "/api/account/desktop/reset-password",
      `Email=${encodeURIComponent(OWNER)}&Password=long-secret-1&ConfirmPassword=long-secret-1&Code=${code}`,
      "192.0.2.120",
      { headers: { "content-type": "application/x-www-form-urlencoded" } },
    );
    expectRefused(earlier, /^Too many password reset attempts\./);
    expect(earlier.json()).toMatchObject({ isOk: false });
    // Another address is not affected.
    expect((await post("/api/password/reset/open", { code, email: OWNER }, "192.0.2.121")).statusCode).toBe(404);
  });
});
