import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAccount } from "../server/auth/account/account-deletion.ts";
import { accountActivity } from "../server/auth/kernel/audit-trail.ts";
import { signAccountOutEverywhere } from "../server/auth/kernel/sign-out.ts";
import { signOutBrowser } from "../server/auth/kernel/signed-in-places.ts";
import { setDisabled } from "../server/auth/support/support-actions.ts";
import { enqueueLogoutTokens } from "../server/db/logout-deliveries.ts";
import { buildDemoApps, type DemoApps } from "../server/development/demo-apps/server.ts";
import { runOidcCommand } from "../server/provider/cli-commands.ts";
import { addClient, ClientInputError, clientChecks, validateRegistration } from "../server/provider/clients.ts";
import { LOGOUT_MAX_ATTEMPTS } from "../server/provider/logout-delivery.ts";
import { hashSecret } from "../server/secrets/tokens.ts";
import { createServer, type RunningServer } from "../server/server.ts";
import { operationsReport } from "../server/telemetry/report.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { eventually, LogoutReceiver } from "./support/logout-receiver.ts";
import {
  accountCall,
  authorize,
  discover,
  type OidcTestBed,
  passwordSignIn,
  resetPasswordByMail,
  startOidcTestBed,
} from "./support/oidc-flow.ts";
import { freePort } from "./support/spawn-server.ts";

const LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
const CLI = { operator: "cli:test" };

/**
 * OpenID Connect Back-Channel Logout (decision 66): every way a sign-in ends tells the apps it
 * signed out with a logout token, queued with the sign-out and delivered off the request path. The
 * demo DS One web app (server/development/demo-apps/) and a test app on its own port receive them; the demo app's
 * session ends, the test app checks each token against the published keys.
 */
describeEachDatabase("back-channel logout, on %s", (kind) => {
  let bed: OidcTestBed;
  let demo: DemoApps;
  let demoUrl: string;
  let receiver: LogoutReceiver;
  const receiverRedirect = "http://127.0.0.1:4998/callback";

  beforeAll(async () => {
    const demoPort = await freePort();
    demoUrl = `http://127.0.0.1:${demoPort}`;
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), DEMO_APPS_URL: demoUrl });
    demo = await buildDemoApps({
      issuer: bed.issuer,
      origin: demoUrl,
      clients: [
        { brand: "dsone", clientId: "dsone-web" },
        { brand: "maverick", clientId: "maverick-web" },
      ],
    });
    await demo.listen({ port: demoPort, host: "127.0.0.1" });
    receiver = new LogoutReceiver(bed.issuer, "receiver-web");
    await receiver.start();
    await addClient(
      bed.server.db,
      {
        id: "receiver-web",
        type: "spa",
        brand: "dsone",
        redirectUris: [receiverRedirect],
        postLogoutRedirectUris: [],
        backchannelLogoutUri: receiver.url,
        backchannelLogoutSessionRequired: true,
      },
      clientChecks(bed.server.config),
    );
  });
  afterAll(async () => {
    await receiver?.stop();
    await demo?.close();
    await bed?.server.stop();
  });

  const call = (browser: BrowserAgent, path: string, body?: unknown) => accountCall(bed, browser, path, body);

  /** Signs in to the demo app of `brand` in `browser`, through the account server. */
  async function demoSignIn(browser: BrowserAgent, brand = "dsone"): Promise<void> {
    const callback = `${demoUrl}/${brand}/callback`;
    let stop = await browser.follow(`${demoUrl}/${brand}/login`, callback);
    if (!stop.url.startsWith(callback)) {
      const returnUrl = new URL(stop.url).searchParams.get("ReturnUrl");
      if (!returnUrl) throw new Error(`the demo sign-in stopped at ${stop.url}`);
      stop = await browser.follow(await passwordSignIn(bed, browser, returnUrl), callback);
    }
    const page = await browser.follow(stop.url, "about:");
    expect(await page.response?.text()).toContain("Signed in as");
  }

  /** Signs in to the test app in `browser`; answers the sid of its ID token. */
  async function receiverSignIn(browser: BrowserAgent): Promise<string> {
    const config = await discover(bed.issuer, "receiver-web");
    const { callbackUrl, checks } = await authorize(bed, browser, config, receiverRedirect);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, checks);
    const sid = tokens.claims()?.sid;
    if (typeof sid !== "string") throw new Error("the ID token has no sid");
    return sid;
  }

  const demoSessions = () => [...demo.sessions.values()].filter((session) => session.clientId === "dsone-web");

  /**
   * The demo DS One app's sessions of the browser whose sign-in gave the test app `sid`. Each app
   * has its own sid for one provider session; this test remembers which demo sid goes with which.
   */
  const demoSidOf = new Map<string, string>();
  const demoSessionOf = (sid: string) => demoSessions().filter((session) => session.claims.sid === demoSidOf.get(sid));

  /** A browser signed in to the demo DS One app and to the test app; answers the test app's sid. */
  async function signedIn(): Promise<{ browser: BrowserAgent; sid: string }> {
    const browser = new BrowserAgent();
    const before = new Set(demoSessions().map((session) => session.claims.sid));
    await demoSignIn(browser);
    const demoSid = demoSessions().find((session) => !before.has(session.claims.sid))?.claims.sid;
    if (typeof demoSid !== "string") throw new Error("the demo app holds no new session with a sid");
    const sid = await receiverSignIn(browser);
    demoSidOf.set(sid, demoSid);
    return { browser, sid };
  }

  /** The logout tokens the test app received for this sid. */
  const tokensFor = (sid: string) => receiver.received.filter((token) => token.payload.sid === sid);

  /** The test app and the demo app are each told once, within a few seconds, with a proper logout token. */
  async function expectTold(sid: string): Promise<void> {
    expect(await eventually(() => tokensFor(sid).length > 0 && demoSessionOf(sid).length === 0)).toBe(true);
    // Nothing comes twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [token, ...more] = tokensFor(sid);
    expect(more).toEqual([]);
    expect(token?.header).toMatchObject({ typ: "logout+jwt", alg: "RS256" });
    expect(token?.payload).toMatchObject({
      iss: bed.issuer,
      aud: "receiver-web",
      sub: bed.accountId,
      sid,
      events: { [LOGOUT_EVENT]: {} },
      iat: expect.any(Number),
      jti: expect.any(String),
    });
    expect(token?.payload).not.toHaveProperty("nonce");
  }

  /** The ref the account page shows `viewer` for the other browser's session. */
  const refOf = async (viewer: BrowserAgent, other: BrowserAgent) => {
    const session = other.cookieHeader(bed.issuer).match(/(?:^|; )session=([^;]+)/)?.[1] ?? "";
    const { browsers } = (await (await call(viewer, "/api/me")).json()) as { browsers: { ref: string }[] };
    return browsers.find((browser) => browser.ref === hashSecret(session))?.ref ?? "";
  };

  it("is advertised, and registered with a checked address that client list shows", async () => {
    const discovery = (await (await fetch(`${bed.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });

    const base = {
      id: "checked-app",
      type: "spa" as const,
      brand: "dsone",
      redirectUris: ["https://app.example/cb"],
      postLogoutRedirectUris: [],
    };
    const production = { ownOrigins: ["https://account.example"], development: false };
    const refused =
      (backchannelLogoutUri: string, checks = production) =>
      () =>
        validateRegistration({ ...base, backchannelLogoutUri }, checks);
    expect(refused("/logout")).toThrow(/not an absolute URL/);
    expect(refused("http://app.example/logout")).toThrow(/must be https/);
    expect(refused("http://127.0.0.1:4000/logout")).toThrow(/must be https/);
    expect(refused("https://account.example/connect/token")).toThrow(/own origin/);
    expect(refused("https://app.example/logout#x")).toThrow(/fragment/);
    expect(refused("https://user:pw@app.example/logout")).toThrow(/credentials/);
    expect(() => validateRegistration({ ...base, backchannelLogoutSessionRequired: true }, production)).toThrow(ClientInputError);
    expect(validateRegistration({ ...base, backchannelLogoutUri: "https://app.example/logout" }, production)).toBeTruthy();
    // Outside production an app on this machine may take them over http.
    expect(refused("http://127.0.0.1:4000/logout", { ownOrigins: [], development: true })()).toBeTruthy();

    const checks = clientChecks(bed.server.config);
    const add = (extra: Record<string, unknown>) =>
      runOidcCommand(
        bed.server.db,
        "client",
        "add",
        { id: "cli-app", type: "web", "redirect-uri": ["https://reports.example/cb"], ...extra },
        checks,
      );
    await expect(add({ "backchannel-logout-uri": `${bed.issuer}/x` })).rejects.toThrow(/own origin/);
    await expect(add({ "backchannel-logout-session-required": true })).rejects.toThrow(/needs --backchannel-logout-uri/);
    expect(await bed.server.db.selectFrom("oidc_clients").select("id").where("id", "=", "cli-app").executeTakeFirst()).toBeUndefined();
    await add({ "backchannel-logout-uri": "https://reports.example/logout", "backchannel-logout-session-required": true });
    const listed = await runOidcCommand(bed.server.db, "client", "list", {}, checks);
    expect(listed).toContain(
      "cli-app (web, dsone)\n  redirect:    https://reports.example/cb\n  back-channel logout: https://reports.example/logout (with sid)",
    );
    expect(listed).toContain(`dsone-web (spa, dsone)`);
    expect(listed).toContain(`back-channel logout: ${demoUrl}/dsone/backchannel-logout (with sid)`);
  });

  it("a logout in one app (its endsession) tells the other apps of that browser", async () => {
    const { browser, sid } = await signedIn();
    // The demo app's Sign out: it ends its own session and sends the browser to /connect/endsession.
    const logout = await browser.follow(`${demoUrl}/dsone/logout`, "about:");
    const page = (await logout.response?.text()) ?? "";
    const action = page.match(/action="([^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
    const xsrf = page.match(/name="xsrf" value="([^"]+)"/)?.[1];
    expect(action && xsrf).toBeTruthy();
    const started = Date.now();
    const confirmed = await browser.request(new URL(action ?? "", bed.issuer).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: bed.issuer },
      body: new URLSearchParams({ xsrf: xsrf ?? "", logout: "yes" }),
    });
    expect(confirmed.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(1_000);
    await expectTold(sid);
  });

  it("a website logout tells every app the browser signed in", async () => {
    const { browser, sid } = await signedIn();
    expect((await call(browser, "/api/session/logout", {})).status).toBe(200);
    await expectTold(sid);
    const trail = await accountActivity(bed.server.db, bed.accountId);
    expect(trail.filter((entry) => entry.event === "app_told_signed_out").map((entry) => entry.clientId)).toEqual(
      expect.arrayContaining(["receiver-web", "dsone-web"]),
    );
  });

  it("signing one browser out from the account page or the console tells its apps, not the other browser's", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const viewer = new BrowserAgent();
    await passwordSignIn(bed, viewer);
    const ref = await refOf(viewer, first.browser);
    expect((await call(viewer, "/api/me/sign-out-browser", { ref })).status).toBe(200);
    await expectTold(first.sid);
    expect(tokensFor(second.sid)).toEqual([]);
    expect(demoSessionOf(second.sid)).toHaveLength(1);

    // Support (or the CLI) signs the second browser out.
    expect(await signOutBrowser(bed.server.db, bed.accountId, await refOf(viewer, second.browser), CLI)).toBe(true);
    await expectTold(second.sid);
  });

  it("signing one app out from the account page tells that app only", async () => {
    const { browser, sid } = await signedIn();
    expect((await call(browser, "/api/me/sign-out-app", { clientId: "receiver-web" })).status).toBe(200);
    expect(await eventually(() => tokensFor(sid).length > 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokensFor(sid)).toHaveLength(1);
    // The demo app was not signed out.
    expect(demoSessionOf(sid)).toHaveLength(1);
    expect((await call(browser, "/api/session/logout", {})).status).toBe(200);
    expect(await eventually(() => demoSessionOf(sid).length === 0)).toBe(true);
  });

  it("sign out everywhere else, a password change and the CLI's sign-out-everywhere tell every other browser's apps", async () => {
    const viewer = await signedIn();
    const other = await signedIn();
    expect((await call(viewer.browser, "/api/me/sign-out-everywhere-else", { RemovePasskeys: [] })).status).toBe(200);
    await expectTold(other.sid);
    await expectTold(viewer.sid);

    const changing = await signedIn();
    const another = await signedIn();
    const password = "a changed passphrase 1";
    const changed = await call(changing.browser, "/api/me/password", {
      CurrentPassword: bed.password,
      Password: password,
      ConfirmPassword: password,
    });
    expect(changed.status).toBe(200);
    bed.password = password;
    await expectTold(another.sid);

    const everywhere = await signedIn();
    await signAccountOutEverywhere(bed.server.db, bed.email, CLI);
    await expectTold(everywhere.sid);
  });

  it("a password reset tells every app", async () => {
    const { sid } = await signedIn();
    await resetPasswordByMail(bed, "a reset passphrase 2");
    await expectTold(sid);
  });

  it("the demo app ends nothing for a token that is not its own", async () => {
    const { sid } = await signedIn();
    const post = (logoutToken: string) =>
      fetch(`${demoUrl}/dsone/backchannel-logout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ logout_token: logoutToken }),
      });
    expect((await post("not.a.token")).status).toBe(400);
    // A real logout token of this customer, but for another app (the test app's), is refused.
    const forAnotherApp = receiver.received.find((token) => token.payload.sub === bed.accountId);
    expect(forAnotherApp).toBeDefined();
    expect((await post(forAnotherApp?.raw ?? "")).status).toBe(400);
    expect(demoSessionOf(sid)).toHaveLength(1);
  });

  it("an app that was down for the first attempt is told once it is back, once", async () => {
    const { browser, sid } = await signedIn();
    const port = await receiver.stop();
    expect((await call(browser, "/api/session/logout", {})).status).toBe(200);
    // The first attempt finds nobody listening.
    expect(
      await eventually(async () => {
        const rows = await bed.server.db.selectFrom("logout_deliveries").select("attempts").where("sid", "=", sid).execute();
        return rows.some((row) => row.attempts >= 1);
      }),
    ).toBe(true);
    expect(tokensFor(sid)).toEqual([]);
    await receiver.start(port);
    await expectTold(sid);

    // An app that answers 503 first is tried again too.
    const next = await signedIn();
    receiver.next.push(503);
    expect((await call(next.browser, "/api/session/logout", {})).status).toBe(200);
    await expectTold(next.sid);
  });

  it("a hung app never delays the customer", async () => {
    const first = await signedIn();
    const second = await signedIn();
    receiver.answer = "hang";
    try {
      let started = Date.now();
      expect((await call(first.browser, "/api/session/logout", {})).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await eventually(() => receiver.attempts > 0 && demoSessionOf(first.sid).length === 0)).toBe(true);
      // The app still hangs: the next sign-out answers just as soon.
      started = Date.now();
      expect((await call(second.browser, "/api/me/sign-out-everywhere-else", { RemovePasskeys: [] })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      // Nor another app: the demo app is told while the hung app's first request still waits.
      expect(await eventually(() => demoSessionOf(second.sid).length === 0, 3_000)).toBe(true);
    } finally {
      receiver.answer = 200;
    }
    // The hung attempts time out and are tried again.
    expect(await eventually(() => tokensFor(first.sid).length === 1, 15_000)).toBe(true);
  }, 30_000);

  it("an app that never takes the token is recorded as failed, in the trail too", async () => {
    receiver.answer = 500;
    const { db } = bed.server;
    const worker = bed.server.app.logoutDeliveries;
    try {
      await db
        .transaction()
        .execute((tx) => enqueueLogoutTokens(tx, [{ clientId: "receiver-web", accountId: bed.accountId, sid: "never-taken" }]));
      // Each attempt made due at once rather than after its back-off.
      for (let attempt = 0; attempt < LOGOUT_MAX_ATTEMPTS + 2; attempt++) {
        await worker.idle();
        await db
          .updateTable("logout_deliveries")
          .set({ next_attempt_at: 0 })
          .where("sid", "=", "never-taken")
          .where("failed_at", "is", null)
          .execute();
        worker.deliverNow();
        await worker.idle();
      }
    } finally {
      receiver.answer = 200;
    }
    const row = await db.selectFrom("logout_deliveries").selectAll().where("sid", "=", "never-taken").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivered_at: null, attempts: LOGOUT_MAX_ATTEMPTS, last_error: "the app answered 500" });
    expect(row.failed_at).not.toBeNull();
    const trail = await accountActivity(db, bed.accountId);
    expect(trail.find((entry) => entry.event === "app_not_told_signed_out")).toMatchObject({ clientId: "receiver-web" });
    // The operator sees it in the metrics too.
    const counted = await bed.server.telemetry.metrics.registry.getSingleMetric("account_logout_tokens_total")?.get();
    const count = (outcome: string) => counted?.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    expect(count("failed")).toBeGreaterThanOrEqual(1);
    expect(count("retry")).toBeGreaterThanOrEqual(LOGOUT_MAX_ATTEMPTS - 1);
    expect(count("delivered")).toBeGreaterThan(0);
    // And on the operations page: the app that was not told, and why.
    const { logoutTokens } = await operationsReport(db, 1);
    expect(logoutTokens.failed).toBeGreaterThanOrEqual(1);
    expect(logoutTokens.delivered).toBeGreaterThan(0);
    expect(logoutTokens.failedApps).toContainEqual(
      expect.objectContaining({ clientId: "receiver-web", lastError: "the app answered 500", lastFailedAt: expect.any(Number) }),
    );
  }, 30_000);

  it("two instances on one database never both deliver one token", async () => {
    const second: RunningServer = await createServer(bed.server.config, { deliver: async () => {} });
    try {
      const sids = Array.from({ length: 30 }, (_, index) => `shared-${index}`);
      await bed.server.db.transaction().execute((tx) =>
        enqueueLogoutTokens(
          tx,
          sids.map((sid) => ({ clientId: "receiver-web", accountId: bed.accountId, sid })),
        ),
      );
      bed.server.app.logoutDeliveries.deliverNow();
      second.app.logoutDeliveries.deliverNow();
      expect(await eventually(() => sids.every((sid) => tokensFor(sid).length > 0), 10_000)).toBe(true);
      await Promise.all([bed.server.app.logoutDeliveries.idle(), second.app.logoutDeliveries.idle()]);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      for (const sid of sids) expect(tokensFor(sid)).toHaveLength(1);
      const jtis = receiver.received.map((token) => token.payload.jti);
      expect(new Set(jtis).size).toBe(jtis.length);
    } finally {
      await second.close();
    }
  }, 30_000);

  it("disabling and deleting the account tell every app", async () => {
    const before = await signedIn();
    await setDisabled(bed.server.db, bed.accountId, true, CLI);
    await expectTold(before.sid);
    await setDisabled(bed.server.db, bed.accountId, false, CLI);

    const last = await signedIn();
    await removeAccount(bed.server.db, bed.server.config, bed.email, CLI);
    await expectTold(last.sid);
  });
});
