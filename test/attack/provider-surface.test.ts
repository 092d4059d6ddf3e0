import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { accountForIdentity } from "../../server/auth/social/external-logins.ts";
import { addClient } from "../../server/provider/clients.ts";
import { startTestServer, type TestServer } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { authorize, desktopAgentSignIn, discover, type OidcTestBed, startAuthorization, startOidcTestBed } from "../support/oidc-flow.ts";
import { recordCases } from "./scale.ts";

const FAMILY = "OpenID Provider surface";

/** Every row of the provider's table as one string: what a stolen copy of it would hold. */
async function providerTable(bed: OidcTestBed): Promise<string> {
  const rows = await bed.server.db.selectFrom("oidc_payloads").selectAll().execute();
  return JSON.stringify(rows);
}

const interactions = async (server: TestServer) =>
  Number(
    (
      await server.db
        .selectFrom("oidc_payloads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("model", "=", "Interaction")
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A desktop agent's authorization request with this state, as its query string. */
const authorizeQuery = (state: string) =>
  new URLSearchParams({
    client_id: "desktop-agent",
    response_type: "code",
    redirect_uri: "http://127.0.0.1:5000/callback",
    scope: "openid",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state,
  }).toString();

describeEachDatabase("the OpenID Provider's surface on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), AUTHORIZE_LIMIT_PER_IP: "1000" });
  });
  afterAll(async () => {
    recordCases(FAMILY, cases);
    await bed?.server.stop();
  });

  it("stores no token, code or session id it handed out: a copy of its table signs nobody in", async () => {
    const browser = new BrowserAgent();
    const { config, tokens, redirectUri, dpop } = await desktopAgentSignIn(bed, browser);
    const pending = await authorize(bed, browser, config, redirectUri);
    const code = pending.callbackUrl.searchParams.get("code") as string;
    const providerSession = browser.cookieHeader(bed.issuer).match(/oidc-session=([^;]+)/)?.[1];
    const secrets = {
      access: tokens.access_token,
      refresh: tokens.refresh_token as string,
      code,
      providerSession: providerSession as string,
    };
    expect(Object.values(secrets).every((secret) => typeof secret === "string" && secret.length >= 20)).toBe(true);
    const table = await providerTable(bed);
    for (const [name, secret] of Object.entries(secrets)) expect({ name, found: table.includes(secret) }).toEqual({ name, found: false });
    // And they still work, found by their hashes.
    expect((await client.refreshTokenGrant(config, secrets.refresh, undefined, { DPoP: dpop })).access_token).toBeTruthy();
    expect(
      (await client.authorizationCodeGrant(config, pending.callbackUrl, pending.checks, undefined, { DPoP: dpop })).access_token,
    ).toBeTruthy();
    cases += 4;
  });

  it("refuses an oversized authorization request with invalid_request, and stores nothing", async () => {
    const config = await discover(bed.issuer, "desktop-agent");
    const before = await interactions(bed.server);
    const oversized: Record<string, string>[] = [
      { state: "s".repeat(7000) },
      { nonce: "n".repeat(7000) },
      { login_hint: `${"a".repeat(1000)}@example.com` },
      { claims_locales: "x".repeat(3000) },
      {
        state: "s".repeat(1000),
        nonce: "n".repeat(1000),
        login_hint: "h".repeat(300),
        ui_locales: "u".repeat(100),
        extra: "e".repeat(2000),
        more: "m".repeat(2000),
        yet: "y".repeat(2000),
      },
    ];
    for (const extra of oversized) {
      const { url } = await startAuthorization(config, "http://127.0.0.1:5000/callback", extra);
      const answer = await fetch(url, { redirect: "manual" });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toMatch(/invalid_request.*too long/s);
      cases++;
    }
    const chunked = await fetch(`${bed.issuer}/connect/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`client_id=desktop-agent&state=${"s".repeat(20_000)}`));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(400);
    cases++;
    expect(await interactions(bed.server)).toBe(before);
    // A request of ordinary size still goes through to the sign-in.
    const { url } = await startAuthorization(config, "http://127.0.0.1:5000/callback", { state: "s".repeat(200) });
    expect((await fetch(url, { redirect: "manual" })).status).toBe(303);
  });

  it("does not advertise an endpoint it does not serve", async () => {
    const discovery = (await (await fetch(`${bed.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.pushed_authorization_request_endpoint).toBeUndefined();
    for (const [name, value] of Object.entries(discovery)) {
      if (!name.endsWith("_endpoint") || typeof value !== "string") continue;
      const posted = ["token_endpoint", "revocation_endpoint", "introspection_endpoint"].includes(name);
      const answer = await fetch(value, { method: posted ? "POST" : "GET", redirect: "manual" });
      expect({ name, status: answer.status }).not.toEqual({ name, status: 404 });
      cases++;
    }
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(["none", "client_secret_basic"]);
  });

  it("lets a client introspect its own tokens only, and only by the method it was registered for", async () => {
    const register = (id: string) =>
      addClient(bed.server.db, {
        id,
        type: "web",
        brand: "dsone",
        redirectUris: [`http://127.0.0.1:4999/${id}/cb`],
        postLogoutRedirectUris: [],
      });
    const [one, other] = [`one-${kind}`, `other-${kind}`];
    const { secret: oneSecret } = await register(one);
    const { secret: otherSecret } = await register(other);
    const oneConfig = await discover(bed.issuer, one, client.ClientSecretBasic(oneSecret as string));
    const { callbackUrl, checks } = await authorize(bed, new BrowserAgent(), oneConfig, `http://127.0.0.1:4999/${one}/cb`);
    const tokens = await client.authorizationCodeGrant(oneConfig, callbackUrl, checks);
    expect(await client.tokenIntrospection(oneConfig, tokens.access_token)).toMatchObject({ active: true });
    const otherConfig = await discover(bed.issuer, other, client.ClientSecretBasic(otherSecret as string));
    expect(await client.tokenIntrospection(otherConfig, tokens.access_token)).toEqual({ active: false });
    cases++;
    // The right secret, sent in the body instead of the Basic header it was registered for.
    const posted = await fetch(`${bed.issuer}/connect/introspect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access_token, client_id: one, client_secret: oneSecret as string }).toString(),
    });
    expect(posted.status).toBe(401);
    expect(await posted.json()).toMatchObject({ error: "invalid_client" });
    cases++;
  });

  it("never finds an account by a look-alike of its address (the Kelvin sign is not a k)", async () => {
    const kate = await createAccount(bed.server.db, { email: `kate.${kind}@example.com` });
    const lookAlike = { provider: "google", subject: `g-${kind}`, email: `\u212Aate.${kind}@example.com` };
    expect(await accountForIdentity(bed.server.db, lookAlike)).toEqual({ kind: "no-account" });
    expect(await accountForIdentity(bed.server.db, { ...lookAlike, email: `Kate.${kind}@Example.com` })).toEqual({
      kind: "same-email",
      accountId: kate.id,
    });
    cases++;
  });
});

describeEachDatabase("the provider's limits and cookies on %s", (kind) => {
  let server: TestServer;
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: "https://account.example.com", AUTHORIZE_LIMIT_PER_IP: "3" });
  });
  afterAll(async () => {
    recordCases(FAMILY, cases);
    await server?.stop();
  });

  const authorizeFrom = (remoteAddress: string) =>
    server.app.inject({
      // A proxy in front that speaks plain http to us says so; PUBLIC_URL decides all the same.
      headers: { "x-forwarded-proto": "http" },
      method: "GET",
      url: `/connect/authorize?${authorizeQuery("s".repeat(1000))}`,
      remoteAddress,
    });

  it("limits authorization requests per address: over AUTHORIZE_LIMIT_PER_IP they store nothing", async () => {
    for (let i = 0; i < 3; i++) expect((await authorizeFrom("198.51.100.20")).statusCode).toBe(303);
    const stored = await interactions(server);
    const refused = await authorizeFrom("198.51.100.20");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain("temporarily_unavailable");
    expect(await interactions(server)).toBe(stored);
    // Another address is not held back by this one.
    expect((await authorizeFrom("198.51.100.21")).statusCode).toBe(303);
    cases += 2;
  });

  it("marks its cookies Secure and prefixed when PUBLIC_URL is https, whatever a proxy says", async () => {
    const answer = await authorizeFrom("198.51.100.30");
    expect(answer.statusCode).toBe(303);
    const cookies = answer.cookies.filter((cookie) => cookie.value !== "");
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
      "__Secure-oidc-interaction",
      "__Secure-oidc-interaction.sig",
      "__Secure-oidc-resume",
      "__Secure-oidc-resume.sig",
    ]);
    for (const cookie of cookies) expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax" });
    cases++;
  });
});

/**
 * The provider's router ignores case and a trailing slash; the bounds and limits in front of it
 * compare addresses as spelled. Every address the provider answers is reached by its one spelling
 * only: any other is refused before the provider sees it.
 */
describeEachDatabase("the provider's addresses, spelled otherwise, on %s", (kind) => {
  let server: TestServer;
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { ...unlimitedRateLimits(), AUTHORIZE_LIMIT_PER_IP: "1", TOKEN_LIMIT_PER_IP: "1" });
  });
  afterAll(async () => {
    recordCases(FAMILY, cases);
    await server?.stop();
  });

  /** The same address as the provider's router reads it: other case, a trailing slash, both. */
  const otherSpellings = (path: string): string[] => {
    const last = path.lastIndexOf("/");
    const head = path.slice(0, last + 1);
    const tail = path.slice(last + 1);
    const capitalised = `${head}${tail.charAt(0).toUpperCase()}${tail.slice(1)}`;
    const spellings = [`${head}${tail.toUpperCase()}`, `${path}/`, `${capitalised}/`];
    return path.startsWith("/connect/") ? [...spellings, path.replace("/connect/", "/CONNECT/")] : spellings;
  };

  it("refuses an authorization over its bounds or its address's limit, however its address is spelled", async () => {
    const before = await interactions(server);
    const oversized = authorizeQuery("s".repeat(7000));
    for (const path of ["/connect/authorize", ...otherSpellings("/connect/authorize")]) {
      const answer = await server.app.inject({ method: "GET", url: `${path}?${oversized}`, remoteAddress: "198.51.100.40" });
      expect({ path, refused: answer.statusCode >= 400 }).toEqual({ path, refused: true });
      cases++;
    }
    expect(await interactions(server)).toBe(before);
    // The address's one authorization under AUTHORIZE_LIMIT_PER_IP, then none by any spelling.
    const ordinary = authorizeQuery("s".repeat(20));
    expect(
      (await server.app.inject({ method: "GET", url: `/connect/authorize?${ordinary}`, remoteAddress: "198.51.100.41" })).statusCode,
    ).toBe(303);
    const stored = await interactions(server);
    for (const path of ["/connect/authorize", ...otherSpellings("/connect/authorize")]) {
      const answer = await server.app.inject({ method: "GET", url: `${path}?${ordinary}`, remoteAddress: "198.51.100.41" });
      expect({ path, refused: answer.statusCode === 404 || answer.statusCode === 429 }).toEqual({ path, refused: true });
      cases++;
    }
    expect(await interactions(server)).toBe(stored);
  });

  it("holds the token endpoint to TOKEN_LIMIT_PER_IP, however its address is spelled", async () => {
    const post = (path: string) =>
      server.app.inject({
        method: "POST",
        url: path,
        remoteAddress: "198.51.100.42",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "grant_type=refresh_token&refresh_token=nonsense&client_id=desktop-agent",
      });
    expect((await post("/connect/token")).statusCode).toBe(400);
    expect((await post("/connect/token")).statusCode).toBe(429);
    for (const path of otherSpellings("/connect/token")) {
      const answer = await post(path);
      expect({ path, refused: answer.statusCode === 404 || answer.statusCode === 429 }).toEqual({ path, refused: true });
      cases++;
    }
  });

  it("answers every provider address by its own spelling only", async () => {
    const addresses: [string, string][] = [
      ["GET", `/connect/authorize?${authorizeQuery("s")}`],
      ["GET", "/connect/authorize/an-interaction-uid"],
      ["POST", "/connect/token"],
      ["GET", "/connect/userinfo"],
      ["POST", "/connect/userinfo"],
      ["GET", "/connect/endsession"],
      ["POST", "/connect/endsession/confirm"],
      ["GET", "/connect/endsession/success"],
      ["POST", "/connect/revocation"],
      ["POST", "/connect/introspect"],
      ["GET", "/.well-known/openid-configuration/jwks"],
      ["GET", "/.well-known/openid-configuration"],
    ];
    let address = 0;
    const send = (method: string, url: string) =>
      server.app.inject({
        method: method as "GET" | "POST",
        url,
        // Each request from an address of its own: the limits are not what is tested here.
        remoteAddress: `198.51.100.${100 + (address++ % 150)}`,
        ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" } : {}),
      });
    // The interaction's uid is a value, not part of the address: the address around it is spelled otherwise.
    const resume = (prefix: string) => `${prefix.replace(/\/$/, "")}/an-interaction-uid`;
    const spellingsOf = (path: string) =>
      path === resume("/connect/authorize")
        ? [
            ...otherSpellings("/connect/authorize")
              .map(resume)
              .filter((spelled) => spelled !== path),
            `${path}/`,
          ]
        : otherSpellings(path);
    for (const [method, url] of addresses) {
      const [path = "", query] = url.split("?");
      expect({ method, path, status: (await send(method, url)).statusCode }).not.toMatchObject({ status: 404 });
      for (const spelled of spellingsOf(path)) {
        const answer = await send(method, query ? `${spelled}?${query}` : spelled);
        expect({ method, spelled, status: answer.statusCode }).toEqual({ method, spelled, status: 404 });
        cases++;
      }
    }
  });
});
