import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { removeAccount } from "../../../server/auth/account/account-deletion.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/** Run once a sign-in has found its browser among the account's, before its session is written. */
const afterBrowserFound = vi.hoisted(() => ({ run: async () => {} }));

vi.mock("../../../server/auth/kernel/known-origins.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../server/auth/kernel/known-origins.ts")>();
  return {
    ...original,
    async knownBrowser(...args: Parameters<typeof original.knownBrowser>) {
      const browser = await original.knownBrowser(...args);
      if (browser) await afterBrowserFound.run();
      return browser;
    },
  };
});

const PASSWORD = "a passphrase for a known browser";
const ADDRESS = "198.51.100.23";

/**
 * A password sign-in on a browser the account has signed in on before writes its session, its
 * trail entry and the origins it was seen from together (sessions.ts startSession). It does all a
 * sign-in on a new browser does, but announce the browser: the same answer, the browser's previous
 * session ended, the trail, the language, the refusal of a disabled or deleted account.
 */
describeEachDatabase("a password sign-in on a browser the account knows, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterEach(() => {
    afterBrowserFound.run = async () => {};
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (email: string, cookie = "", headers: Record<string, string> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      payload: { Email: email, Password: PASSWORD },
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: ADDRESS,
    });
  const deviceOf = (answer: { cookies: { name: string; value: string; maxAge?: number }[] }) => {
    const device = answer.cookies.find((cookie) => cookie.name.endsWith("device"));
    if (!device) throw new Error("the sign-in set no device cookie");
    return device;
  };
  const signedIn = async (cookie: string) =>
    (await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } })).json().signedIn;
  const trail = async (accountId: string) =>
    (await server.db.selectFrom("audit_events").select("event").where("account_id", "=", accountId).orderBy("id").execute()).map(
      (entry) => entry.event,
    );

  const origins = (accountId: string) =>
    server.db.selectFrom("known_origins").select(["mark", "last_seen_at"]).where("account_id", "=", accountId).execute();

  it("replaces the browser's session, records the sign-in, keeps the browser and announces nothing", async () => {
    const email = "known.browser@example.com";
    const account = await createAccount(server.db, { email, password: PASSWORD, product: "dsone" });
    const first = await signIn(email);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    const firstSession = sessionCookieFrom(first);
    const seenBefore = await origins(account.id);
    expect(await trail(account.id)).toEqual(["signed_in", "new_browser"]);

    const again = await signIn(email, `${device.name}=${device.value}; ${firstSession}`);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: first.json() });
    expect(deviceOf(again).value).toBe(device.value);
    expect(deviceOf(again).maxAge).toBe(deviceOf(first).maxAge);
    const secondSession = sessionCookieFrom(again);
    expect(secondSession).not.toBe(firstSession);
    expect(await signedIn(firstSession)).toBe(false);
    expect(await signedIn(secondSession)).toBe(true);
    expect(await server.db.selectFrom("sessions").select("id_hash").where("account_id", "=", account.id).execute()).toHaveLength(1);

    expect(await trail(account.id)).toEqual(["signed_in", "new_browser", "signed_in"]);
    const seenAfter = await origins(account.id);
    expect(seenAfter.map((origin) => origin.mark).sort()).toEqual(seenBefore.map((origin) => origin.mark).sort());
    for (const origin of seenAfter) {
      const before = seenBefore.find((each) => each.mark === origin.mark);
      expect(Number(origin.last_seen_at)).toBeGreaterThan(Number(before?.last_seen_at));
    }
    // The first browser, signed in with a password, was told of (decision 84); the known one is not.
    await drainMail(server);
    expect(server.delivered.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual([
      "New sign-in to your DS One account",
    ]);
  });

  it("keeps the language the sign-in was read in", async () => {
    const email = "known.browser.language@example.com";
    await createAccount(server.db, { email, password: PASSWORD, product: "dsone" });
    const device = deviceOf(await signIn(email));
    const again = await signIn(email, `${device.name}=${device.value}`, { "x-language": "de" });
    expect(again.statusCode).toBe(200);
    const { language } = await server.db.selectFrom("accounts").select("language").where("email_key", "=", email).executeTakeFirstOrThrow();
    expect(language).toBe("de");
  });

  it("refuses a disabled account on a browser it knows, and writes nothing", async () => {
    const email = "known.browser.disabled@example.com";
    const account = await createAccount(server.db, { email, password: PASSWORD, product: "dsone" });
    const device = deviceOf(await signIn(email));
    await server.db.updateTable("accounts").set({ disabled_at: Date.now() }).where("id", "=", account.id).execute();
    const refused = await signIn(email, `${device.name}=${device.value}`);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: "ACCOUNT_DISABLED" });
    expect(refused.cookies.map((cookie) => cookie.name)).toEqual([]);
    expect(await server.db.selectFrom("sessions").select("id_hash").where("account_id", "=", account.id).execute()).toHaveLength(1);
    expect(await trail(account.id)).toEqual(["signed_in", "new_browser"]);
  });

  it("answers as for an unknown email when the account goes after its browser was found", async () => {
    const email = "known.browser.deleted@example.com";
    await createAccount(server.db, { email, password: PASSWORD, product: "dsone" });
    const device = deviceOf(await signIn(email));
    afterBrowserFound.run = () => removeAccount(server.db, server.config, email, { operator: "test" });

    const racing = await signIn(email, `${device.name}=${device.value}`);
    const unknown = await signIn("never.had.an.account.here@example.com");
    expect(unknown.statusCode).toBe(401);
    expect({ status: racing.statusCode, body: racing.json() }).toEqual({ status: 401, body: unknown.json() });
    expect(racing.cookies.map((cookie) => cookie.name)).toEqual([]);
  });
});
