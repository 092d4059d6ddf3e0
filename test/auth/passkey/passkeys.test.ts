import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AccountExport, MyAccount } from "../../../common/api/contract.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { discover, type OidcTestBed, passwordSignIn, startAuthorization, startOidcTestBed } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";

/**
 * Passkeys through the API, as the web app calls it (docs/decisions/0059-passkeys.md): made after a
 * sign-in, used to sign in (also inside an OpenID authorization, whose ID token says so in `amr`),
 * renamed and removed; and every bad answer refused with nothing written but the trail.
 */
describeEachDatabase("passkeys on %s", (kind) => {
  let bed: OidcTestBed;
  const APPS = "http://127.0.0.1:4999";

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body?: unknown, origin = bed.issuer) =>
    browser.request(`${bed.issuer}${path}`, {
      method: body === undefined && !path.includes("/api/") ? "GET" : "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body ?? {}),
    });
  const me = async (browser: BrowserAgent) =>
    (await (await browser.request(`${bed.issuer}/api/me`, { headers: { origin: bed.issuer } })).json()) as MyAccount;
  /** A ceremony's options, as the browser library takes them. */
  // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
  const ceremony = async (answer: Promise<Response>) => (await (await answer).json()) as { options: any };
  const trail = async () =>
    bed.server.db.selectFrom("audit_events").select(["event", "reason", "method"]).where("account_id", "=", bed.accountId).execute();

  /** Signs in by password, then makes a passkey as the offer's button does. */
  async function withPasskey() {
    const browser = new BrowserAgent();
    const authenticator = new SoftAuthenticator(bed.issuer);
    await passwordSignIn(bed, browser);
    const offered = await (await post(browser, "/api/passkey/offer", { ReturnUrl: null, ProductId: 6 })).json();
    expect(offered).toMatchObject({ offer: true });
    const { options } = await ceremony(post(browser, "/api/passkey/register/options", { ProductId: 6 }));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.rp).toEqual({ id: "127.0.0.1", name: "DS One" });
    const made = await post(browser, "/api/passkey/register", { credential: authenticator.create(options) });
    expect(made.status).toBe(200);
    return { browser, authenticator };
  }

  async function signInWith(
    authenticator: SoftAuthenticator,
    browser = new BrowserAgent(),
    extra: Record<string, unknown> = {},
    origin?: string,
  ) {
    const { options } = await ceremony(post(browser, "/api/passkey/sign-in/options"));
    expect(options.userVerification).toBe("required");
    const response = await post(browser, "/api/passkey/sign-in", {
      credential: authenticator.get(options, origin ? { origin } : {}),
      ProductId: 6,
      ...extra,
    });
    return { browser, response, options };
  }

  it("makes a passkey after a sign-in, signs in with it, and lists, renames and removes it", async () => {
    const { browser, authenticator } = await withPasskey();
    // Never offered again in the browser that made one.
    expect(await (await post(browser, "/api/passkey/offer", { ReturnUrl: null, ProductId: 6 })).json()).toMatchObject({ offer: false });

    const { browser: elsewhere, response } = await signInWith(authenticator);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isOk: true, redirectUrl: bed.server.config.links.dsoneUi });
    const shown = await me(elsewhere);
    expect(shown.passkeys).toHaveLength(1);
    const [passkey] = shown.passkeys;
    expect(passkey).toMatchObject({ synced: false, thisBrowser: false });
    expect(passkey?.lastUsedAt).toBeGreaterThan(0);
    expect((await me(browser)).passkeys[0]?.thisBrowser).toBe(true);

    expect((await post(elsewhere, "/api/me/passkeys/rename", { id: passkey?.id, Name: "  Work laptop " })).status).toBe(200);
    expect((await me(elsewhere)).passkeys[0]?.name).toBe("Work laptop");
    expect((await post(elsewhere, "/api/me/passkeys/rename", { id: passkey?.id, Name: "" })).status).toBe(400);
    expect((await post(elsewhere, "/api/me/passkeys/rename", { id: "bm90LW1pbmU", Name: "x" })).status).toBe(404);
    const exported = (await (
      await elsewhere.request(`${bed.issuer}/api/me/export`, { headers: { origin: bed.issuer } })
    ).json()) as AccountExport;
    expect(exported.passkeys).toEqual([expect.objectContaining({ name: "Work laptop", synced: false })]);
    expect((await post(elsewhere, "/api/me/passkeys/remove", { id: passkey?.id })).status).toBe(200);
    expect((await me(elsewhere)).passkeys).toEqual([]);

    // A removed passkey is refused with a clear sentence.
    const removed = await signInWith(authenticator);
    expect(removed.response.status).toBe(401);
    expect(await removed.response.json()).toMatchObject({ code: "PASSKEY_UNKNOWN" });
    const events = (await trail()).map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(["passkey_registered", "passkey_renamed", "passkey_removed"]));
    const passkeySignIns = (await trail()).filter((entry) => entry.event === "signed_in" && entry.method === "passkey");
    expect(passkeySignIns.length).toBeGreaterThan(0);
    // The funnel counts it as a sign-in by passkey.
    const funnel = await bed.server.db
      .selectFrom("telemetry_events")
      .select("detail")
      .where("kind", "=", "funnel")
      .where("name", "=", "signed_in")
      .execute();
    expect(funnel.some((row) => JSON.parse(row.detail ?? "{}").method === "passkey")).toBe(true);
  });

  it("refuses a replayed assertion, a wrong origin, a sign count gone backwards and another browser's challenge", async () => {
    const { authenticator } = await withPasskey();
    const first = await signInWith(authenticator);
    expect(first.response.status).toBe(200);

    // The same assertion again: its challenge is spent.
    const replay = await post(new BrowserAgent(), "/api/passkey/sign-in", {
      credential: authenticator.get(first.options, { signCount: 50 }),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "PASSKEY_EXPIRED" });

    const wrongOrigin = await signInWith(authenticator, new BrowserAgent(), {}, "https://evil.example");
    expect(wrongOrigin.response.status).toBe(401);
    expect(await wrongOrigin.response.json()).toMatchObject({ code: "PASSKEY_REFUSED" });

    // A challenge asked for by one browser, answered from another.
    const asking = new BrowserAgent();
    const { options } = await ceremony(post(asking, "/api/passkey/sign-in/options"));
    const stolen = await post(new BrowserAgent(), "/api/passkey/sign-in", { credential: authenticator.get(options) });
    expect(stolen.status).toBe(400);

    const credential = authenticator.credentials.at(-1);
    if (!credential) throw new Error("no credential");
    const { options: again } = await ceremony(post(asking, "/api/passkey/sign-in/options"));
    const backwards = await post(asking, "/api/passkey/sign-in", { credential: authenticator.get(again, { signCount: 1 }) });
    expect(backwards.status).toBe(401);
    const reasons = (await trail()).filter((entry) => entry.event === "passkey_refused").map((entry) => entry.reason);
    expect(reasons).toContain("sign count went backwards");
    expect(reasons.some((reason) => reason?.includes("origin"))).toBe(true);
    // Nothing signed in by the refusals.
    expect((await asking.request(`${bed.issuer}/api/me`)).status).toBe(401);

    // A disabled account: refused with support's sentence, its passkey's count unchanged.
    await bed.server.db.updateTable("accounts").set({ disabled_at: Date.now() }).where("id", "=", bed.accountId).execute();
    const counted = await bed.server.db.selectFrom("passkeys").select("sign_count").where("id", "=", credential.id).executeTakeFirst();
    const disabled = await signInWith(authenticator);
    await bed.server.db.updateTable("accounts").set({ disabled_at: null }).where("id", "=", bed.accountId).execute();
    expect(disabled.response.status).toBe(403);
    expect(await disabled.response.json()).toMatchObject({ code: "ACCOUNT_DISABLED" });
    expect(await bed.server.db.selectFrom("passkeys").select("sign_count").where("id", "=", credential.id).executeTakeFirst()).toEqual(
      counted,
    );
    expect((await trail()).map((entry) => entry.reason)).toContain("account disabled");
  });

  it("remembers Not now in this browser, and offers nothing to a browser not signed in", async () => {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    expect(await (await post(browser, "/api/passkey/offer", { ReturnUrl: "https://evil.example/", ProductId: 6 })).json()).toEqual({
      offer: true,
      redirectUrl: bed.server.config.links.dsoneUi,
    });
    expect((await post(browser, "/api/passkey/offer/decline")).status).toBe(200);
    expect(await (await post(browser, "/api/passkey/offer", { ReturnUrl: null, ProductId: 6 })).json()).toMatchObject({ offer: false });
    expect(await (await post(new BrowserAgent(), "/api/passkey/offer", { ReturnUrl: null, ProductId: 6 })).json()).toMatchObject({
      offer: false,
    });
    expect((await post(new BrowserAgent(), "/api/passkey/register/options", { ProductId: 6 })).status).toBe(401);
  });

  it("finishes an OpenID authorization; the ID token's amr says a passkey, a password's says pwd", async () => {
    const { authenticator } = await withPasskey();
    const config = await discover(bed.issuer, "dsone-web");
    const redirectUri = `${APPS}/dsone/callback`;

    const viaPasskey = new BrowserAgent();
    const { url, checks } = await startAuthorization(config, redirectUri);
    const atLogin = await viaPasskey.follow(url, redirectUri);
    const returnUrl = new URL(atLogin.url).searchParams.get("ReturnUrl");
    expect(returnUrl).toContain("/connect/authorize/callback");
    const { response } = await signInWith(authenticator, viaPasskey, { ReturnUrl: returnUrl });
    const { redirectUrl } = (await response.json()) as { redirectUrl: string };
    expect(redirectUrl).toBe(new URL(returnUrl ?? "", bed.issuer).href);
    const back = await viaPasskey.follow(new URL(redirectUrl, bed.issuer).href, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, new URL(back.url), checks);
    expect(tokens.claims()).toMatchObject({ sub: bed.accountId, amr: ["hwk", "user", "mfa"] });

    const viaPassword = new BrowserAgent();
    const second = await startAuthorization(config, redirectUri);
    const login = await viaPassword.follow(second.url, redirectUri);
    const next = await passwordSignIn(bed, viaPassword, new URL(login.url).searchParams.get("ReturnUrl") ?? undefined);
    const done = await viaPassword.follow(new URL(next, bed.issuer).href, redirectUri);
    const passwordTokens = await client.authorizationCodeGrant(config, new URL(done.url), second.checks);
    expect(passwordTokens.claims()?.amr).toEqual(["pwd"]);
  });
});
