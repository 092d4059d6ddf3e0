import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { removeAccount } from "../../../server/auth/account/account-deletion.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import type { Caller } from "../../../server/auth/kernel/caller.ts";
import { writeSession } from "../../../server/auth/kernel/sessions.ts";
import { AppError } from "../../../server/base/errors.ts";
import { startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/** Run once a password has been checked and found right, before its session is written. */
const afterPasswordCheck = vi.hoisted(() => ({ run: async () => {} }));

vi.mock("../../../server/secrets/passwords.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../server/secrets/passwords.ts")>();
  return {
    ...original,
    async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
      const valid = await original.verifyPassword(passwordHash, password);
      if (valid) await afterPasswordCheck.run();
      return valid;
    },
  };
});

/** A browser with no cookies, as the sign-in flows see it. */
function newCaller(): Caller {
  return {
    address: "203.0.113.7",
    device: "Firefox on Linux",
    language: "en",
    languageStated: false,
    languageChosen: false,
    cookie: () => undefined,
    setCookie() {},
    clearCookie() {},
    noStore() {},
    challengeProof: undefined,
    challenged() {},
  };
}

/**
 * An account deleted while one of its sign-ins is under way (its password already checked): the
 * sign-in is answered as for an account that does not exist, never with a 500 from the session
 * row that can no longer name it.
 */
describeEachDatabase("a sign-in racing its account's deletion on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterEach(() => {
    afterPasswordCheck.run = async () => {};
  });
  afterAll(async () => {
    await server?.stop();
  });

  const passwordLogin = (email: string, password: string) =>
    server.app.inject({ method: "POST", url: "/api/dsone/password-login", payload: { Email: email, Password: password } });

  it("answers a password sign-in as for an unknown email when the account goes after the password check", async () => {
    const email = "deleted.mid.sign.in@example.com";
    const password = "a passphrase checked in time";
    await createAccount(server.db, { email, password, product: "dsone" });
    afterPasswordCheck.run = () => removeAccount(server.db, server.config, email, { operator: "test" });

    const racing = await passwordLogin(email, password);
    const unknown = await passwordLogin("never.had.an.account@example.com", password);
    expect(unknown.statusCode).toBe(401);
    expect({ status: racing.statusCode, body: racing.json() }).toEqual({ status: 401, body: unknown.json() });
    expect(racing.cookies.map((cookie) => cookie.name)).not.toContain("session");
    expect(await server.db.selectFrom("sessions").select("id_hash").execute()).toEqual([]);
  });

  it("refuses every way in alike: the session write for an account deleted meanwhile", async () => {
    const account = await createAccount(server.db, { email: "gone.before.its.session@example.com", product: "dsone" });
    await removeAccount(server.db, server.config, "gone.before.its.session@example.com", { operator: "test" });
    for (const method of ["link", "code", "google", "passkey"] as const) {
      const written = server.db.transaction().execute((tx) => writeSession(tx, server.config, newCaller(), account.id, { method }));
      await expect(written).rejects.toBeInstanceOf(AppError);
      await expect(written).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
    }
  });
});
