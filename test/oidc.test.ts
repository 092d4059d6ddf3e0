import { createPublicKey, verify } from "node:crypto";
import { createServer as createNetServer } from "node:net";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { addClient } from "../server/provider/clients.ts";
import { rotateSigningKey } from "../server/provider/keys.ts";
import { createServer } from "../server/server.ts";
import { startTestServer, type TestServer } from "./support/app.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { startAuthorization } from "./support/oidc-flow.ts";

const APPS = "http://127.0.0.1:4999";
const EMAIL = "oidc.customer@example.com";
const PASSWORD = "correct horse battery";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function decodeJwt(jwt: string): { header: Record<string, string>; payload: Record<string, unknown> } {
  const [header = "", payload = ""] = jwt.split(".");
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()),
    payload: JSON.parse(Buffer.from(payload, "base64url").toString()),
  };
}

describeEachDatabase("the OpenID Provider on %s", (kind) => {
  let server: TestServer;
  let issuer: string;
  let accountId: string;

  beforeAll(async () => {
    const port = await freePort();
    server = await startTestServer(kind, { PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_APPS_URL: APPS });
    await server.app.listen({ port, host: "127.0.0.1" });
    issuer = server.config.publicUrl;
    await createAccount(server.db, { email: EMAIL, password: PASSWORD, product: "dsone", name: "Olive Idc" });
    const row = await server.db.selectFrom("accounts").select("id").where("email", "=", EMAIL).executeTakeFirstOrThrow();
    accountId = row.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function discover(clientId: string, auth: client.ClientAuth = client.None()) {
    return client.discovery(new URL(issuer), clientId, undefined, auth, { execute: [client.allowInsecureRequests] });
  }

  async function signIn(agent: BrowserAgent, returnUrl?: string): Promise<string> {
    const response = await agent.request(`${issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: EMAIL, Password: PASSWORD, ...(returnUrl ? { ReturnUrl: returnUrl } : {}) }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { redirectUrl: string }).redirectUrl;
  }

  /** A whole sign-in: authorize, log in on the brand's screen when asked, back at the app. */
  async function signInThrough(
    agent: BrowserAgent,
    clientId: string,
    redirectUri: string,
    extra: Record<string, string> = {},
    config?: client.Configuration,
    dpop?: client.DPoPHandle,
  ) {
    config ??= await discover(clientId);
    const { url, checks } = await startAuthorization(config, redirectUri, extra);
    let stop = await agent.follow(url, redirectUri);
    let sawLogin = false;
    if (!stop.url.startsWith(redirectUri)) {
      sawLogin = true;
      const returnUrl = new URL(stop.url).searchParams.get("ReturnUrl");
      expect(returnUrl).toMatch(/^\/connect\/authorize\/callback\?uid=/);
      const next = await signIn(agent, returnUrl as string);
      stop = await agent.follow(next, redirectUri);
    }
    expect(stop.url.startsWith(redirectUri)).toBe(true);
    const tokens = await client.authorizationCodeGrant(config, new URL(stop.url), checks, undefined, dpop ? { DPoP: dpop } : {});
    return { config, tokens, sawLogin, callbackUrl: stop.url, checks };
  }

  it("publishes discovery at the IdentityServer addresses, code flow with S256 only", async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/connect/authorize`);
    expect(discovery.token_endpoint).toBe(`${issuer}/connect/token`);
    expect(discovery.userinfo_endpoint).toBe(`${issuer}/connect/userinfo`);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/connect/endsession`);
    expect(discovery.revocation_endpoint).toBe(`${issuer}/connect/revocation`);
    expect(discovery.introspection_endpoint).toBe(`${issuer}/connect/introspect`);
    expect(discovery.jwks_uri).toBe(`${issuer}/.well-known/openid-configuration/jwks`);
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    const jwks = (await (await fetch(discovery.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it("signs in through the brand's login screen with code + PKCE; the ID token names the account", async () => {
    const agent = new BrowserAgent();
    const { tokens, sawLogin, config, callbackUrl, checks } = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    expect(sawLogin).toBe(true);
    const claims = tokens.claims();
    expect(claims?.sub).toBe(accountId);
    expect(claims).toMatchObject({ email: EMAIL, email_verified: true, name: "Olive Idc", license_state: "Active", device_uuid: "" });
    expect(tokens.refresh_token).toBeUndefined();
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, accountId);
    expect(userinfo.email).toBe(EMAIL);

    // The same code a second time is refused.
    await expect(client.authorizationCodeGrant(config, new URL(callbackUrl), checks)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("signs a second app in silently, in the second app's brand", async () => {
    const agent = new BrowserAgent();
    const first = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    expect(first.sawLogin).toBe(true);
    const second = await signInThrough(agent, "maverick-web", `${APPS}/maverick/callback`);
    expect(second.sawLogin).toBe(false);
    expect(second.tokens.claims()?.sub).toBe(accountId);
  });

  it("sends the brand's login with the email prefilled from login_hint; Maverick Safe clients get its screen", async () => {
    const agent = new BrowserAgent();
    const config = await discover("maverick-web");
    const { url } = await startAuthorization(config, `${APPS}/maverick/callback`, { login_hint: EMAIL });
    const stop = await agent.follow(url, `${APPS}/`);
    const login = new URL(stop.url);
    expect(login.pathname).toBe("/maverick/email-login");
    expect(login.searchParams.get("email")).toBe(EMAIL);
  });

  it("follows the account server's session: signed out there means signed out for every app", async () => {
    const agent = new BrowserAgent();
    await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    const logout = await agent.request(`${issuer}/api/session/logout`, { method: "POST" });
    expect(logout.status).toBe(200);
    const again = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    expect(again.sawLogin).toBe(true);
  });

  it("asks a signed-in customer to sign in again for prompt=login and an exceeded max_age", async () => {
    const agent = new BrowserAgent();
    await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    const forced = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`, { prompt: "login" });
    expect(forced.sawLogin).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const aged = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`, { max_age: "1" });
    expect(aged.sawLogin).toBe(true);
    const fine = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`, { max_age: "3600" });
    expect(fine.sawLogin).toBe(false);
  });

  it("refuses an unregistered redirect_uri without redirecting, and a plain PKCE challenge", async () => {
    const config = await discover("dsone-web");
    const wrong = await startAuthorization(config, `${APPS}/dsone/elsewhere`);
    const response = await fetch(wrong.url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("redirect_uri");

    const plain = new URL(
      client.buildAuthorizationUrl(config, {
        redirect_uri: `${APPS}/dsone/callback`,
        scope: "openid",
        code_challenge: "a".repeat(43),
        code_challenge_method: "plain",
        state: "s1",
      }),
    );
    const refused = await fetch(plain, { redirect: "manual" });
    const location = new URL(refused.headers.get("location") as string);
    expect(location.origin + location.pathname).toBe(`${APPS}/dsone/callback`);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("s1");

    const missing = new URL(client.buildAuthorizationUrl(config, { redirect_uri: `${APPS}/dsone/callback`, scope: "openid", state: "s2" }));
    const noPkce = new URL((await fetch(missing, { redirect: "manual" })).headers.get("location") as string);
    expect(noPkce.searchParams.get("error")).toBe("invalid_request");
  });

  it("gives a desktop agent on any loopback port refresh tokens that rotate; a spent one is refused", async () => {
    const agent = new BrowserAgent();
    const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
    const config = await discover("desktop-agent");
    const DPoP = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
    const { tokens } = await signInThrough(agent, "desktop-agent", redirectUri, {}, config, DPoP);
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP });
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(accountId);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP })).rejects.toMatchObject({
      error: "invalid_grant",
    });
    // Reuse revokes the whole grant: the newer token is gone too.
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token as string, undefined, { DPoP })).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("spends a refresh token once when several requests race with it, and then revokes the grant", async () => {
    const agent = new BrowserAgent();
    const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
    const config = await discover("desktop-agent");
    const DPoP = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
    const { tokens } = await signInThrough(agent, "desktop-agent", redirectUri, {}, config, DPoP);
    // Each request is one unit of work on PostgreSQL: the first to spend the token holds its row
    // until it commits, and the others then find it spent.
    const answers = await Promise.allSettled(
      Array.from({ length: 4 }, () => client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP })),
    );
    const issued = answers.flatMap((answer) => (answer.status === "fulfilled" ? [answer.value] : []));
    expect(issued).toHaveLength(1);
    for (const answer of answers) if (answer.status === "rejected") expect(answer.reason).toMatchObject({ error: "invalid_grant" });
    // A spent token presented again is reuse: the token the winner got is revoked with its grant.
    await expect(client.refreshTokenGrant(config, issued[0]?.refresh_token as string, undefined, { DPoP })).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("lets a web client authenticate with the secret it was given, and refuses any other", async () => {
    const { secret } = await addClient(server.db, {
      id: `reports-${kind}`,
      type: "web",
      brand: "dsone",
      redirectUris: [`${APPS}/reports/cb`],
      postLogoutRedirectUris: [],
    });
    const stored = await server.db
      .selectFrom("oidc_clients")
      .select("secret_hash")
      .where("id", "=", `reports-${kind}`)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(secret as string);
    const agent = new BrowserAgent();
    const config = await discover(`reports-${kind}`, client.ClientSecretBasic(secret));
    const { tokens } = await signInThrough(agent, `reports-${kind}`, `${APPS}/reports/cb`, {}, config);
    expect(tokens.claims()?.sub).toBe(accountId);
    const introspected = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspected).toMatchObject({ active: true, sub: accountId });

    const wrong = await discover(`reports-${kind}`, client.ClientSecretBasic("not-the-secret"));
    const second = await startAuthorization(wrong, `${APPS}/reports/cb`);
    const stop = await agent.follow(second.url, `${APPS}/reports/cb`);
    // 401 with a Basic challenge naming invalid_client.
    await expect(client.authorizationCodeGrant(wrong, new URL(stop.url), second.checks)).rejects.toMatchObject({
      status: 401,
      cause: [{ scheme: "basic", parameters: { error: "invalid_client" } }],
    });
  });

  it("works across two instances on one database: authorized at one, redeemed and refreshed at the other", async () => {
    const port = await freePort();
    const other = await createServer(server.config, { serveWebApp: false, deliver: async () => {} });
    await other.app.listen({ port, host: "127.0.0.1" });
    try {
      const agent = new BrowserAgent();
      const config = await discover("desktop-agent");
      // Everything the app sends after the authorization goes to the second instance.
      config[client.customFetch] = (url, options) => fetch(url.replace(issuer, `http://127.0.0.1:${port}`), options as RequestInit);
      const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
      const DPoP = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
      const { tokens } = await signInThrough(agent, "desktop-agent", redirectUri, {}, config, DPoP);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP });
      expect(refreshed.claims()?.sub).toBe(accountId);
      const userinfo = await client.fetchUserInfo(config, refreshed.access_token, accountId, { DPoP });
      expect(userinfo.email).toBe(EMAIL);
    } finally {
      await other.close();
    }
  });

  it("answers token errors as error and error_description, never a stack", async () => {
    const response = await fetch(`${issuer}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=authorization_code&code=nonsense&client_id=dsone-web&redirect_uri=x&code_verifier=${"a".repeat(43)}`,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe("invalid_grant");
    expect(typeof body.error_description).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules/);
  });

  it("takes /connect/authorize/callback as a ReturnUrl only while that authorization is pending", async () => {
    const agent = new BrowserAgent();
    const landing = await signIn(agent, "/connect/authorize/callback?uid=not-a-pending-one");
    expect(landing).not.toContain("/connect/authorize/callback");
    expect(landing).toBe(`${issuer}/demo/dsone/ui`);

    // A pending one is taken: the sign-in goes back to finish that authorization.
    const browser = new BrowserAgent();
    const { url } = await startAuthorization(await discover("dsone-web"), `${APPS}/dsone/callback`);
    const login = await browser.follow(url, `${APPS}/`);
    const pending = new URL(login.url).searchParams.get("ReturnUrl");
    expect(pending).toMatch(/^\/connect\/authorize\/callback\?uid=/);
    expect(await signIn(browser, pending as string)).toBe(`${issuer}${pending}`);
  });

  it("logs out at endsession: both sessions end, back to the registered address only", async () => {
    const agent = new BrowserAgent();
    const { tokens, config } = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    const unregistered = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: "https://evil.example/",
    });
    expect((await agent.request(unregistered.href)).status).toBe(400);

    const url = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token as string, post_logout_redirect_uri: `${APPS}/dsone/` });
    const page = await agent.request(url.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Logging You Out Now");
    // The page's script is our own file; the form may lead on to the app's registered address.
    expect(page.headers.get("content-security-policy")).toContain(`script-src 'self'; style-src 'self'; form-action 'self' ${APPS}`);
    expect(html).toContain('<script src="/connect/endsession.js"></script>');
    const action = html.match(/action="([^"]+)"/)?.[1] as string;
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1] as string;
    const confirm = await agent.request(new URL(action, issuer).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: issuer },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${APPS}/dsone/`);
    const session = await (await agent.request(`${issuer}/api/dsone/session`)).json();
    expect(session).toMatchObject({ signedIn: false });
    const again = await signInThrough(agent, "maverick-web", `${APPS}/maverick/callback`);
    expect(again.sawLogin).toBe(true);
  });

  it("rotates the signing key: new tokens use the new key, tokens signed before still verify", async () => {
    const agent = new BrowserAgent();
    const before = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    const oldToken = before.tokens.id_token as string;
    await rotateSigningKey(server.db, { activationDelayMs: 0 });
    expect(await server.app.oidc.reloadKeys()).toBe(true);
    const after = await signInThrough(agent, "dsone-web", `${APPS}/dsone/callback`);
    const newToken = after.tokens.id_token as string;
    expect(decodeJwt(newToken).header.kid).not.toBe(decodeJwt(oldToken).header.kid);

    const jwks = (await (await fetch(`${issuer}/.well-known/openid-configuration/jwks`)).json()) as { keys: { kid: string }[] };
    for (const token of [oldToken, newToken]) {
      const [header, payload, signature] = token.split(".") as [string, string, string];
      const jwk = jwks.keys.find((key) => key.kid === decodeJwt(token).header.kid);
      expect(jwk).toBeDefined();
      const key = createPublicKey({ key: jwk as never, format: "jwk" });
      expect(verify("RSA-SHA256", Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, "base64url"))).toBe(true);
    }
  });
});

describe("the token endpoint's rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { TOKEN_LIMIT_PER_IP: "2" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a client address over TOKEN_LIMIT_PER_IP with 429 in the OAuth error shape", async () => {
    const request = () =>
      server.app.inject({
        method: "POST",
        url: "/connect/token",
        remoteAddress: "198.51.100.7",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "grant_type=refresh_token&refresh_token=nonsense&client_id=desktop-agent",
      });
    expect((await request()).statusCode).toBe(400);
    expect((await request()).statusCode).toBe(400);
    const refused = await request();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      error: "temporarily_unavailable",
      error_description: expect.stringMatching(/^Too many token requests/),
    });
  });

  it("ends a logout without a post-logout address at the brand's logout address", async () => {
    const page = await server.app.inject({ method: "GET", url: "/connect/endsession" });
    expect(page.statusCode).toBe(200);
    // Nobody signed in: our page asks, as it always does without an app's hint naming the customer.
    expect(page.body).toContain("Do you want to log out?");
    expect(page.body).not.toContain("<script");
    const xsrf = page.body.match(/name="xsrf" value="([^"]+)"/)?.[1] as string;
    const cookies = page.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const confirm = await server.app.inject({
      method: "POST",
      url: "/connect/endsession/confirm",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies },
      payload: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    const success = await server.app.inject({ method: "GET", url: confirm.headers.location as string, headers: { cookie: cookies } });
    expect(success.headers.location).toBe(server.config.links.dsoneLogout);
  });
});

describe("OpenID URLs in the server's logs", () => {
  it("redacts codes, tokens, verifiers, secrets and hints", async () => {
    const { redactUrl } = await import("../common/redact.ts");
    const url = redactUrl(
      "/connect/endsession?id_token_hint=eyJ.a.b&post_logout_redirect_uri=https%3A%2F%2Fapp%2F&login_hint=a%40b.c&code=abc&refresh_token=r&client_secret=s&code_verifier=v&state=st&scope=openid%20email",
    );
    const params = new URL(url, "http://x").searchParams;
    for (const name of ["id_token_hint", "login_hint", "code", "refresh_token", "client_secret", "code_verifier"]) {
      expect(params.get(name)).toBe("redacted");
    }
    // Not on the allowlist of harmless parameters: the client's opaque state is not logged either.
    expect(params.get("state")).toBe("redacted");
    expect(params.get("scope")).toBe("openid email");
    expect(params.get("post_logout_redirect_uri")).toBe("https://app/");
  });
});
