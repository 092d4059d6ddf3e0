import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { storedOidcId } from "../../../server/db/oidc-payloads.ts";
import { startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { TestIssuer } from "../../support/test-issuer.ts";

const START = "/external/login?provider=Google&product=maverick&ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=u-7";
const LOGIN_QUERY = "ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=u-7";

describeEachDatabase("Google sign-in through the server on %s", (kind) => {
  let server: TestServer;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await new TestIssuer().start();
    server = await startTestServer(kind, {
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_CLIENT_SECRET: issuer.clientSecret,
      GOOGLE_ISSUER_URL: issuer.url,
      GOOGLE_TIMEOUT: "1s",
    });
    await createAccount(server.db, { email: "Pat@Example.com", product: "maverick" });
    await createAccount(server.db, { email: "desk@example.com", product: "solveiq" });
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.close();
  });
  beforeEach(() => {
    issuer.idToken = (defaults) => defaults;
    issuer.tokenDelayMs = 0;
  });

  /** Starts a sign-in as the browser does: answers the state and the attempt cookie. */
  async function begin(url = START) {
    const response = await server.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer.url}/authorize`);
    issuer.nonce = location.searchParams.get("nonce") ?? "";
    const cookie = response.cookies.find((c) => c.name === "google_signin");
    if (!cookie) throw new Error("no attempt cookie");
    return { state: location.searchParams.get("state") ?? "", cookie: `google_signin=${cookie.value}`, setCookie: cookie };
  }

  async function callback(state: string, cookie?: string, extra = "code=the-code") {
    return server.app.inject({
      method: "GET",
      url: `/signin-google?${extra}&state=${encodeURIComponent(state)}`,
      headers: cookie ? { cookie } : {},
    });
  }

  const signedIn = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.some((c) => c.name === "session" && c.value !== "");

  async function links() {
    return server.db.selectFrom("external_logins").select(["provider", "subject", "email"]).orderBy("created_at").execute();
  }

  it("keeps the verifier in a short-lived HttpOnly cookie for the callback only, and stores its hash", async () => {
    const { setCookie, state } = await begin();
    expect(setCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/signin-google", maxAge: 600 });
    const rows = await server.db.selectFrom("external_login_attempts").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(setCookie.value);
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it("links the account with the verified email on first use, signs in and lands on the ReturnUrl", async () => {
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("http://localhost:3000/demo/maverick/my-account");
    expect(signedIn(response)).toBe(true);
    expect(await links()).toEqual([{ provider: "google", subject: "110169484474386276334", email: "pat@example.com" }]);
    const funnel = () =>
      server.db.selectFrom("telemetry_events").select(["name", "detail", "screen", "account_id"]).where("kind", "=", "funnel").execute();
    const account = await server.db
      .selectFrom("accounts")
      .select("id")
      .where("email_key", "=", "pat@example.com")
      .executeTakeFirstOrThrow();
    expect(await funnel()).toEqual([
      { name: "signed_in", detail: '{"method":"google"}', screen: "/maverick/email-login", account_id: account.id },
    ]);

    // The same callback again finds a spent attempt: the brand's screen, no session.
    const replay = await callback(state, cookie);
    expect(replay.headers.location).toBe(`/maverick/social-sign-in?${LOGIN_QUERY}&problem=expired`);
    expect(signedIn(replay)).toBe(false);
    expect((await funnel()).at(-1)).toMatchObject({ name: "refused", detail: '{"method":"google","code":"EXPIRED"}', account_id: null });
  });

  it("finds the account by its subject after the Google email changed", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, email: "pat.renamed@example.net" });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe("http://localhost:3000/demo/maverick/my-account");
    expect(signedIn(response)).toBe(true);
    expect(await links()).toEqual([{ provider: "google", subject: "110169484474386276334", email: "pat.renamed@example.net" }]);
  });

  it("refuses a callback without the browser's cookie, with another browser's, or with an unknown state", async () => {
    const { state, cookie } = await begin();
    const other = await begin();
    for (const response of [await callback(state), await callback(state, other.cookie), await callback("made-up-state", cookie)]) {
      expect(response.headers.location).toBe(`/maverick/social-sign-in?${LOGIN_QUERY}&problem=expired`);
      expect(signedIn(response)).toBe(false);
    }
  });

  it("sends an email without an account to the brand's Account Not Found, and links nothing", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, sub: "subject-of-nobody", email: "nobody@example.com" });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe(`/maverick/email-login?${LOGIN_QUERY}&failedEmail=nobody%40example.com`);
    expect(signedIn(response)).toBe(false);
    expect(await links()).toHaveLength(1);
  });

  it("sends an existing desktop user to the desktop sign-in, as the access-link flow does", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, sub: "subject-of-desk", email: "desk@example.com" });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    // With the sign-in's ReturnUrl, so the customer still arrives where they were going.
    const returnUrl = encodeURIComponent("http://localhost:3000/demo/maverick/my-account");
    expect(response.headers.location).toBe(`http://localhost:3000/dsone/password-login?ReturnUrl=${returnUrl}&email=desk%40example.com`);
    expect(signedIn(response)).toBe(false);
  });

  it("signs nobody in and links nothing for an unverified email or a token for another audience", async () => {
    for (const [override, problem] of [
      [{ sub: "subject-unverified", email: "pat@example.com", email_verified: false }, "unverified"],
      [{ sub: "subject-wrong-audience", email: "pat@example.com", aud: "another-client" }, "failed"],
    ] as const) {
      issuer.idToken = (defaults) => ({ ...defaults, ...override });
      const { state, cookie } = await begin();
      const response = await callback(state, cookie);
      expect(response.headers.location).toBe(`/maverick/social-sign-in?${LOGIN_QUERY}&problem=${problem}`);
      expect(signedIn(response)).toBe(false);
    }
    expect((await links()).map((link) => link.subject)).toEqual(["110169484474386276334"]);
  });

  it("shows the cancelled screen when the customer cancels at Google, and the unreachable one on a timeout", async () => {
    const cancelled = await begin();
    const response = await callback(cancelled.state, cancelled.cookie, "error=access_denied");
    expect(response.headers.location).toBe(`/maverick/social-sign-in?${LOGIN_QUERY}&problem=cancelled`);

    issuer.tokenDelayMs = 2500;
    const slow = await begin();
    const timedOut = await callback(slow.state, slow.cookie);
    expect(timedOut.headers.location).toBe(`/maverick/social-sign-in?${LOGIN_QUERY}&problem=unreachable`);
    expect(signedIn(timedOut)).toBe(false);
  });

  it("does not follow an off-site ReturnUrl, and resumes only a pending authorization request", async () => {
    const offSite = await begin("/external/login?provider=Google&product=dsone&ReturnUrl=https%3A%2F%2Fevil.example%2F");
    expect((await callback(offSite.state, offSite.cookie)).headers.location).toBe("http://localhost:3000/demo/dsone/ui");
    // An authorization the OpenID Provider is waiting on (its interaction, as the provider stores
    // it: under the hash of its id).
    const uid = "pending-authorization-1";
    await server.db
      .insertInto("oidc_payloads")
      .values({
        model: "Interaction",
        id: storedOidcId(uid),
        payload: "{}",
        grant_id: null,
        uid,
        user_code: null,
        expires_at: Date.now() + 600_000,
        consumed_at: null,
      })
      .execute();
    const resume = `/connect/authorize/callback?uid=${uid}`;
    const authorization = await begin(`/external/login?provider=Google&product=dsone&ReturnUrl=${encodeURIComponent(resume)}`);
    expect((await callback(authorization.state, authorization.cookie)).headers.location).toBe(`http://localhost:3000${resume}`);
    // A made-up or finished one is not followed: the customer lands on the brand's site.
    const stale = "/connect/authorize/callback?uid=no-such-authorization";
    const made = await begin(`/external/login?provider=Google&product=dsone&ReturnUrl=${encodeURIComponent(stale)}`);
    expect((await callback(made.state, made.cookie)).headers.location).toBe("http://localhost:3000/demo/dsone/ui");
  });
});
