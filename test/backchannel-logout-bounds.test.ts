import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountActivity } from "../server/auth/kernel/audit-trail.ts";
import { ConfigError, loadConfig } from "../server/base/config.ts";
import { type AppToTell, capLogoutQueue, enqueueLogoutTokens } from "../server/db/logout-deliveries.ts";
import { runOidcCommand } from "../server/provider/cli-commands.ts";
import { addClient, type ClientChecks, ClientInputError, clientChecks, validateRegistration } from "../server/provider/clients.ts";
import { type LogoutDeliveryOptions, LogoutDeliveryWorker } from "../server/provider/logout-delivery.ts";
import { operationsReport } from "../server/telemetry/report.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { eventually, LogoutReceiver } from "./support/logout-receiver.ts";
import { type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";

/**
 * Where logout tokens may go and how much of the queue one app or one account holds (decision 79):
 * in production a public host only, checked at registration and again on the addresses each
 * delivery connects to; a bounded queue per app and per account, one token per waiting session,
 * and a hung app holding only its own share of the instance's deliveries. The bed's own worker is
 * stopped: each test runs a worker with the rule or the share it is about.
 */
describeEachDatabase("back-channel logout bounds, on %s", (kind) => {
  let bed: OidcTestBed;
  const receivers: LogoutReceiver[] = [];

  beforeAll(async () => {
    bed = await startOidcTestBed(kind);
    await bed.server.app.logoutDeliveries.stop();
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.stop();
    await bed?.server.stop();
  });

  /** A test app taking logout tokens on this machine, registered as `clientId`. */
  async function appListening(clientId: string): Promise<LogoutReceiver> {
    const receiver = new LogoutReceiver(bed.issuer, clientId);
    await receiver.start();
    receivers.push(receiver);
    await addClient(
      bed.server.db,
      {
        id: clientId,
        type: "spa",
        brand: "dsone",
        redirectUris: ["http://127.0.0.1:4998/callback"],
        postLogoutRedirectUris: [],
        backchannelLogoutUri: receiver.url,
        backchannelLogoutSessionRequired: true,
      },
      clientChecks(bed.server.config),
    );
    return receiver;
  }

  /** The address an app was registered with earlier, when the rule or its name's addresses were others. */
  const registeredEarlier = (clientId: string, uri: string) =>
    bed.server.db.updateTable("oidc_clients").set({ backchannel_logout_uri: uri }).where("id", "=", clientId).execute();

  const queue = (apps: AppToTell[], now?: number) => bed.server.db.transaction().execute((tx) => enqueueLogoutTokens(tx, apps, now));

  const rowsOf = (clientId: string) =>
    bed.server.db.selectFrom("logout_deliveries").selectAll().where("client_id", "=", clientId).orderBy("created_at").execute();

  /** A worker of its own, polling only when told. */
  function worker(options: LogoutDeliveryOptions): LogoutDeliveryWorker {
    const started = new LogoutDeliveryWorker(bed.server.db, () => bed.server.app.oidc.provider(), { pollMs: 600_000, ...options });
    started.start(bed.server.app.log);
    return started;
  }

  /** A resolver that answers `address` for every name, counting the questions. */
  function resolvingTo(address: string) {
    const asked: string[] = [];
    const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      return [{ address, family: address.includes(":") ? 6 : 4 }];
    };
    return { asked, resolveHost };
  }

  const production: ClientChecks = { ownOrigins: ["https://account.example"], development: false };

  it("registration refuses every spelling of an address that is not public, unless the operator allows the host", async () => {
    const base = {
      id: "bounded-app",
      type: "web" as const,
      brand: "dsone",
      redirectUris: ["https://app.example/cb"],
      postLogoutRedirectUris: [],
    };
    const register =
      (backchannelLogoutUri: string, checks = production) =>
      () =>
        validateRegistration({ ...base, backchannelLogoutUri }, checks);
    const notPublic = [
      "https://127.0.0.1/logout",
      "https://127.1/logout",
      "https://0x7f000001/logout",
      "https://017700000001/logout",
      "https://2130706433/logout",
      "https://0/logout",
      "https://[::1]/logout",
      "https://[::ffff:127.0.0.1]/logout",
      "https://[::ffff:a01:203]/logout",
      "https://[64:ff9b::a9fe:a9fe]/logout",
      "https://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/logout",
      "https://10.1.2.3./logout",
      "https://172.16.0.1/logout",
      "https://192.168.1.10/logout",
      "https://100.64.0.1/logout",
      "https://[fe80::1]/logout",
      "https://[fd12:3456::1]/logout",
    ];
    for (const uri of notPublic) {
      expect(register(uri), uri).toThrow(ClientInputError);
      expect(register(uri), uri).toThrow(
        /is not a public address \(.+ is loopback, private, link-local or reserved\): logout tokens go to public hosts only/,
      );
    }
    for (const uri of ["https://localhost/logout", "https://LOCALHOST./logout", "https://app.localhost/logout"])
      expect(register(uri), uri).toThrow(/is this machine \(localhost\)/);
    // The account server itself, however its host is written, on any port.
    for (const uri of ["https://account.example./connect/token", "https://ACCOUNT.example:8443/logout", "https://account.example/x"])
      expect(register(uri), uri).toThrow(/own origin$/);
    // Every refusal is one line.
    expect(() => register("https://10.1.2.3/logout")()).toThrow(/^[^\n]+$/);
    for (const uri of ["https://app.example/logout", "https://8.8.8.8/logout", "https://[2606:4700:4700::1111]/logout"])
      expect(register(uri)(), uri).toBeTruthy();

    // A host the operator names is allowed, written any way; the account server's own never is.
    const allowing = { ...production, allowedHosts: ["10.1.2.3", "logout.internal", "account.example"] };
    expect(register("https://10.1.2.3/logout", allowing)()).toBeTruthy();
    expect(register("https://0x0a010203/logout", allowing)()).toBeTruthy();
    expect(register("https://Logout.Internal./logout", allowing)()).toBeTruthy();
    expect(register("https://10.1.2.4/logout", allowing)).toThrow(/not a public address/);
    expect(register("https://account.example/logout", allowing)).toThrow(/own origin/);

    // Outside production the demo apps on this machine keep working; our own origin is still refused.
    const development = { ownOrigins: ["http://localhost:3000"], development: true };
    expect(register("http://localhost:3001/dsone/backchannel-logout", development)()).toBeTruthy();
    expect(register("http://127.0.0.1:4000/logout", development)()).toBeTruthy();
    expect(register("http://LOCALHOST.:3000/logout", development)).toThrow(/own origin/);

    // The CLI resolves a name and refuses one that points into a private network; nothing is stored.
    const add = (id: string, uri: string, checks: ClientChecks) =>
      runOidcCommand(
        bed.server.db,
        "client",
        "add",
        { id, type: "web", "redirect-uri": ["https://app.example/cb"], "backchannel-logout-uri": uri },
        checks,
      );
    const privateName = resolvingTo("10.0.0.7");
    await expect(
      add("named-app", "https://logout.app.example/logout", { ...production, resolveHost: privateName.resolveHost }),
    ).rejects.toThrow(
      "--backchannel-logout-uri https://logout.app.example/logout resolves to 10.0.0.7, which is not a public address (loopback, private, link-local or reserved): logout tokens go to public hosts only, unless BACKCHANNEL_LOGOUT_ALLOWED_HOSTS names it",
    );
    expect(privateName.asked).toEqual(["logout.app.example"]);
    await expect(add("literal-app", "https://0x7f000001/logout", production)).rejects.toThrow(/not a public address/);
    const stored = await bed.server.db.selectFrom("oidc_clients").select("id").where("id", "in", ["named-app", "literal-app"]).execute();
    expect(stored).toEqual([]);
    // A public name, and a private one the operator allows, are registered.
    await add("public-app", "https://logout.public.example/logout", {
      ...production,
      resolveHost: resolvingTo("93.184.215.14").resolveHost,
    });
    await add("internal-app", "https://logout.internal/logout", {
      ...production,
      allowedHosts: ["logout.internal"],
      resolveHost: privateName.resolveHost,
    });
    expect(
      await bed.server.db.selectFrom("oidc_clients").select("id").where("id", "in", ["public-app", "internal-app"]).execute(),
    ).toHaveLength(2);
  });

  it("BACKCHANNEL_LOGOUT_ALLOWED_HOSTS is read as hosts, normalised, and refuses anything else", () => {
    const config = loadConfig({ BACKCHANNEL_LOGOUT_ALLOWED_HOSTS: " Logout.Internal. , 0x0a010203,[::FFFF:10.1.2.4]" });
    expect(config.logoutTokens.allowedHosts).toEqual(["logout.internal", "10.1.2.3", "::ffff:a01:204"]);
    expect(clientChecks(config).allowedHosts).toEqual(config.logoutTokens.allowedHosts);
    expect(loadConfig({}).logoutTokens).toEqual({ allowedHosts: [], waitingPerApp: 1000, waitingPerAccount: 100, concurrencyPerApp: 2 });
    for (const bad of ["https://logout.internal", "logout.internal:8443", "user@logout.internal", "logout.internal/x"])
      expect(() => loadConfig({ BACKCHANNEL_LOGOUT_ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ LOGOUT_TOKEN_CONCURRENCY_PER_APP: "0" })).toThrow(/LOGOUT_TOKEN_CONCURRENCY_PER_APP: must be above 0/);
  });

  it("a delivery to a name that now points at a private address is refused once and recorded, never sent", async () => {
    const receiver = await appListening("rebound-app");
    const port = new URL(receiver.url).port;
    await registeredEarlier("rebound-app", `http://logout.rebound.example:${port}/backchannel-logout`);
    const rule = { publicOnly: true, ownOrigins: ["https://account.example"], allowedHosts: [] };
    const loopback = resolvingTo("127.0.0.1");
    const refusing = worker({ addressRule: rule, resolveHost: loopback.resolveHost });
    try {
      await queue([{ clientId: "rebound-app", accountId: bed.accountId, sid: "rebound-1" }]);
      refusing.deliverNow();
      await refusing.idle();
      const [row] = await rowsOf("rebound-app");
      expect(row).toMatchObject({
        attempts: 1,
        delivered_at: null,
        last_error:
          "refused: the app's address resolves to 127.0.0.1, which is not a public address (loopback, private, link-local or reserved)",
      });
      expect(row?.failed_at).not.toBeNull();
      // One lookup, for the connection itself: nothing was sent, and nothing is tried again.
      expect(loopback.asked).toEqual(["logout.rebound.example"]);
      expect(receiver.attempts).toBe(0);
      const trail = await accountActivity(bed.server.db, bed.accountId);
      expect(trail.find((entry) => entry.event === "app_not_told_signed_out" && entry.clientId === "rebound-app")).toBeDefined();

      // An address literal registered before the rule is refused at delivery too.
      await registeredEarlier("rebound-app", receiver.url);
      await queue([{ clientId: "rebound-app", accountId: bed.accountId, sid: "rebound-2" }]);
      refusing.deliverNow();
      await refusing.idle();
      expect((await rowsOf("rebound-app"))[1]).toMatchObject({
        attempts: 1,
        last_error: "refused: the app's address is not a public address (127.0.0.1 is loopback, private, link-local or reserved)",
      });
      expect(receiver.attempts).toBe(0);
    } finally {
      await refusing.stop();
    }

    // Allowed by name, the same address is told, through the addresses its lookup answered.
    await registeredEarlier("rebound-app", `http://logout.rebound.example:${port}/backchannel-logout`);
    const allowing = worker({ addressRule: { ...rule, allowedHosts: ["logout.rebound.example"] }, resolveHost: loopback.resolveHost });
    try {
      await queue([{ clientId: "rebound-app", accountId: bed.accountId, sid: "rebound-3" }]);
      allowing.deliverNow();
      await allowing.idle();
      expect(receiver.received.map((token) => token.payload.sid)).toEqual(["rebound-3"]);
    } finally {
      await allowing.stop();
    }
  });

  it("a hung app with a long queue holds only its own share: a healthy app's token goes at once", async () => {
    const hung = await appListening("hung-app");
    const healthy = await appListening("healthy-app");
    hung.answer = "hang";
    const now = Date.now();
    // More tokens for the hung app than the instance has slots, queued before the healthy app's.
    const many = Array.from({ length: 70 }, (_, index) => ({
      clientId: "hung-app",
      accountId: `hung-account-${index % 7}`,
      sid: `hung-${index}`,
    }));
    await queue(many, now - 1_000);
    await queue([{ clientId: "healthy-app", accountId: bed.accountId, sid: "healthy-1" }], now);
    // Each hung request would hold its slot for 30 s.
    const delivering = worker({ timeoutMs: 30_000, concurrencyPerApp: 2 });
    try {
      delivering.deliverNow();
      expect(await eventually(() => healthy.received.length === 1, 10_000)).toBe(true);
      // Told while the hung app's first requests still wait (30 s each), and those are all it was sent.
      expect(await eventually(() => hung.hanging === 2)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hung.attempts).toBe(2);
      const inFlight = await bed.server.db
        .selectFrom("logout_deliveries")
        .select("id")
        .where("client_id", "=", "hung-app")
        .where("locked_until", ">", Date.now())
        .execute();
      expect(inFlight).toHaveLength(2);
    } finally {
      // The hung app goes away: its two requests fail and are tried again later.
      await hung.stop();
      await delivering.stop();
    }
    expect((await rowsOf("hung-app")).filter((row) => row.attempts > 0)).toHaveLength(2);
  }, 30_000);

  it("the queue holds one token per waiting session, and at most its caps per app and per account", async () => {
    await appListening("capped-app");
    const waitingFor = async (clientId: string) =>
      (await rowsOf(clientId)).filter((row) => row.delivered_at === null && row.failed_at === null);
    capLogoutQueue({ waitingPerApp: 5, waitingPerAccount: 3 });
    try {
      // A second token for a session already waiting for the app is not queued; without a sid too.
      await queue([{ clientId: "capped-app", accountId: "account-a", sid: "session-1" }]);
      await queue([{ clientId: "capped-app", accountId: "account-a", sid: "session-1" }]);
      await queue([{ clientId: "capped-app", accountId: "account-b", sid: null }]);
      await queue([{ clientId: "capped-app", accountId: "account-b", sid: null }]);
      expect((await waitingFor("capped-app")).map((row) => [row.account_id, row.sid])).toEqual([
        ["account-a", "session-1"],
        ["account-b", null],
      ]);
      // One being sent right now may already have been answered: a new token is queued beside it.
      await bed.server.db
        .updateTable("logout_deliveries")
        .set({ locked_until: Date.now() + 30_000, locked_by: "another instance" })
        .where("client_id", "=", "capped-app")
        .where("sid", "=", "session-1")
        .execute();
      await queue([{ clientId: "capped-app", accountId: "account-a", sid: "session-1" }]);
      expect(await waitingFor("capped-app")).toHaveLength(3);

      // account-a has 2 waiting: one more fits, the next two do not.
      await queue([2, 3, 4].map((n) => ({ clientId: "capped-app", accountId: "account-a", sid: `session-${n}` })));
      expect((await waitingFor("capped-app")).filter((row) => row.account_id === "account-a")).toHaveLength(3);
      // The app has 4 waiting: one more fits, then nothing, from any account.
      await queue(["account-c", "account-d", "account-e"].map((accountId) => ({ clientId: "capped-app", accountId, sid: "s" })));
      expect(await waitingFor("capped-app")).toHaveLength(5);

      const refused = (await rowsOf("capped-app")).filter((row) => row.failed_at !== null);
      expect(refused.map((row) => row.last_error).sort()).toEqual([
        "not queued: 3 logout tokens were already waiting for one account",
        "not queued: 3 logout tokens were already waiting for one account",
        "not queued: 5 logout tokens were already waiting for this app",
        "not queued: 5 logout tokens were already waiting for this app",
      ]);
      // A token not queued names the app, not the account.
      expect(refused.every((row) => row.account_id === "" && row.sid === null)).toBe(true);
      const { logoutTokens } = await operationsReport(bed.server.db, 1);
      expect(logoutTokens.failedApps).toContainEqual(expect.objectContaining({ clientId: "capped-app", count: 4 }));
    } finally {
      capLogoutQueue(bed.server.config.logoutTokens);
    }
  });
});
