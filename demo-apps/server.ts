import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { BRANDS } from "../common/brands/index.ts";
import { escapeHtml, plainPage } from "../server/html.ts";
import { checkDpopRequest, dpopChallenge } from "./product-api.ts";

/**
 * The demo DS One and Maverick Safe web apps: relying parties on their own origin that sign in
 * through the account server's /connect/authorize with openid-client (server side, authorization
 * code + PKCE), show the ID token's claims, and sign out through /connect/endsession. Each keeps
 * a session of its own, which a logout token posted to its back-channel logout address ends
 * (OpenID Connect Back-Channel Logout), as a product's web app should. Outside production only; in
 * production the products' own apps take their place.
 */
export interface DemoAppsOptions {
  /** The account server (the OpenID issuer). */
  issuer: string;
  /** This server's own origin, e.g. http://localhost:3001. */
  origin: string;
  /** Which client id each brand's app signs in as. */
  clients: { brand: string; clientId: string }[];
  /**
   * A product API for the brand's desktop agent, at /{brand}/api/me: it takes the agent's
   * DPoP-bound access token and checks it by introspection as this api client (decision 69).
   */
  api?: { brand: string; clientId: string; secret: string };
}

interface Signed {
  clientId: string;
  idToken: string;
  accessToken: string;
  claims: Record<string, unknown>;
}

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
}

const PLAIN_CSS = readFileSync(join(import.meta.dirname, "..", "server", "plain.css"), "utf8");
const COOKIE = { path: "/", httpOnly: true, sameSite: "lax" as const };
const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The demo apps' server, with the sessions it holds (which app, and the claims of its ID token). */
export type DemoApps = FastifyInstance & { sessions: ReadonlyMap<string, { clientId: string; claims: Record<string, unknown> }> };

export async function buildDemoApps(options: DemoAppsOptions): Promise<DemoApps> {
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  // Logout tokens come as a form post.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // In memory: a demo keeps no state worth keeping across restarts.
  const signedIn = new Map<string, Signed>();
  const pending = new Map<string, Pending>();
  const configurations = new Map<string, Promise<oidc.Configuration>>();
  // Logout tokens already acted on, by jti, until they expire: a replayed one is refused.
  const seenLogoutTokens = new Map<string, number>();
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  const apps = options.clients.flatMap(({ brand: id, clientId }) => {
    const brand = BRANDS.find((candidate) => candidate.id === id);
    return brand ? [{ brand, clientId, base: `${options.origin}/${brand.id}/` }] : [];
  });
  type DemoApp = (typeof apps)[number];

  function configuration(demo: DemoApp): Promise<oidc.Configuration> {
    let found = configurations.get(demo.clientId);
    if (!found) {
      const insecure = options.issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : {};
      found = oidc.discovery(new URL(options.issuer), demo.clientId, undefined, oidc.None(), insecure);
      // A failed discovery (the account server still starting) is tried again next time.
      found.catch(() => configurations.delete(demo.clientId));
      configurations.set(demo.clientId, found);
    }
    return found;
  }

  const page = (reply: FastifyReply, title: string, body: string, status = 200) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", CSP)
      .send(plainPage(title, body));

  // The account server's stylesheet keeps the demo looking like the other stand-in pages.
  app.get("/plain.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(PLAIN_CSS));

  app.get("/", async (_request, reply) =>
    page(
      reply,
      "Demo apps",
      `<p class="note">Demo relying parties for development, on their own origin.</p><h1>Demo apps</h1><ul>${apps
        .map((demo) => `<li><a href="${escapeHtml(demo.base)}">${escapeHtml(demo.brand.name)} web app</a></li>`)
        .join("")}</ul>`,
    ),
  );

  for (const demo of apps) {
    const sessionCookie = `demo_${demo.brand.id}`;
    const pendingCookie = `demo_${demo.brand.id}_auth`;
    const redirectUri = `${demo.base.replace(/\/$/, "")}/callback`;

    app.get(`/${demo.brand.id}/`, async (request, reply) => {
      const key = request.cookies[sessionCookie];
      let signed = key ? signedIn.get(key) : undefined;
      if (signed && key) {
        // Still signed in at the account server? Its logout revokes this app's tokens too.
        try {
          await oidc.fetchUserInfo(await configuration(demo), signed.accessToken, String(signed.claims.sub));
        } catch {
          signedIn.delete(key);
          signed = undefined;
        }
      }
      const name = escapeHtml(demo.brand.name);
      if (!signed) {
        return page(
          reply,
          `${demo.brand.name} web app`,
          `<p class="note">Demo ${name} web app (an OpenID relying party on ${escapeHtml(options.origin)}).</p><h1>${name} web app</h1>
<p>Nobody is signed in.</p><p><a class="button" href="/${demo.brand.id}/login">Sign in to ${name}</a></p>`,
        );
      }
      const rows = Object.entries(signed.claims)
        .map(([claim, value]) => `<tr><th>${escapeHtml(claim)}</th><td>${escapeHtml(String(value))}</td></tr>`)
        .join("");
      return page(
        reply,
        `${demo.brand.name} web app`,
        `<p class="note">Demo ${name} web app (an OpenID relying party on ${escapeHtml(options.origin)}).</p><h1>${name} web app</h1>
<p>Signed in as <strong>${escapeHtml(String(signed.claims.email))}</strong>.</p>
<h2>ID token claims</h2><table class="claims">${rows}</table>
<p><a class="button" href="/${demo.brand.id}/logout">Sign out</a></p>`,
      );
    });

    app.get(`/${demo.brand.id}/login`, async (_request, reply) => {
      const config = await configuration(demo);
      const attempt: Pending = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
      const key = randomBytes(16).toString("base64url");
      pending.set(key, attempt);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile license",
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
        code_challenge_method: "S256",
        state: attempt.state,
        nonce: attempt.nonce,
      });
      return reply.setCookie(pendingCookie, key, { ...COOKIE, maxAge: 3600 }).redirect(url.href);
    });

    app.get(`/${demo.brand.id}/callback`, async (request, reply) => {
      const key = request.cookies[pendingCookie];
      const attempt = key ? pending.get(key) : undefined;
      if (key) pending.delete(key);
      reply.clearCookie(pendingCookie, COOKIE);
      if (!attempt)
        return page(
          reply,
          "Sign-in failed",
          `<h1>Sign-in failed</h1><p>This sign-in was not started here. <a href="/${demo.brand.id}/">Start again</a>.</p>`,
          400,
        );
      try {
        const config = await configuration(demo);
        const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, options.origin), {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
        });
        const session = randomBytes(16).toString("base64url");
        signedIn.set(session, {
          clientId: demo.clientId,
          idToken: tokens.id_token as string,
          accessToken: tokens.access_token,
          claims: { ...tokens.claims() },
        });
        return reply.setCookie(sessionCookie, session, COOKIE).redirect(`/${demo.brand.id}/`);
      } catch (error) {
        const message =
          error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError
            ? error.error
            : "the sign-in could not be completed";
        return page(
          reply,
          "Sign-in failed",
          `<h1>Sign-in failed</h1><p>${escapeHtml(message)}. <a href="/${demo.brand.id}/">Start again</a>.</p>`,
          400,
        );
      }
    });

    /**
     * The back-channel logout address: the account server posts a logout token here when a
     * sign-in of this app ends (a logout elsewhere, signing this app or the browser out from the
     * account page, sign out everywhere, a password reset, a disabled or deleted account). The
     * token is checked against the provider's published keys, for this app, as a logout token
     * (typ, events, no nonce), and ends this app's sessions of its sid, or of its sub when it has none.
     */
    app.post(`/${demo.brand.id}/backchannel-logout`, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const token = (request.body as Record<string, unknown> | undefined)?.logout_token;
      try {
        if (typeof token !== "string") throw new Error("no logout_token");
        const config = await configuration(demo);
        keys ??= createRemoteJWKSet(new URL(String(config.serverMetadata().jwks_uri)));
        const { payload } = await jwtVerify(token, keys, {
          issuer: config.serverMetadata().issuer,
          audience: demo.clientId,
          typ: "logout+jwt",
          requiredClaims: ["iat", "jti", "events"],
          maxTokenAge: "5 minutes",
        });
        const events = payload.events as Record<string, unknown> | undefined;
        if (typeof events?.["http://schemas.openid.net/event/backchannel-logout"] !== "object") throw new Error("not a logout token");
        if ("nonce" in payload) throw new Error("a logout token carries no nonce");
        if (typeof payload.sub !== "string" && typeof payload.sid !== "string") throw new Error("neither sub nor sid");
        const now = Date.now();
        for (const [jti, until] of seenLogoutTokens) if (until < now) seenLogoutTokens.delete(jti);
        if (seenLogoutTokens.has(String(payload.jti))) throw new Error("this logout token was used");
        seenLogoutTokens.set(String(payload.jti), now + 10 * 60_000);
        for (const [key, signed] of signedIn) {
          const sameSession = typeof payload.sid === "string" ? signed.claims.sid === payload.sid : true;
          const sameAccount = typeof payload.sub === "string" ? signed.claims.sub === payload.sub : true;
          if (signed.clientId === demo.clientId && sameSession && sameAccount) signedIn.delete(key);
        }
        return reply.code(200).send();
      } catch (error) {
        return reply.code(400).send({ error: "invalid_request", error_description: (error as Error).message });
      }
    });

    app.get(`/${demo.brand.id}/logout`, async (request, reply) => {
      const key = request.cookies[sessionCookie];
      const signed = key ? signedIn.get(key) : undefined;
      if (key) signedIn.delete(key);
      reply.clearCookie(sessionCookie, COOKIE);
      if (!signed) return reply.redirect(`/${demo.brand.id}/`);
      const url = oidc.buildEndSessionUrl(await configuration(demo), {
        id_token_hint: signed.idToken,
        post_logout_redirect_uri: demo.base,
      });
      return reply.redirect(url.href);
    });
  }
  if (options.api) serveProductApi(app, options, options.api);
  return Object.assign(app, { sessions: signedIn }) as unknown as DemoApps;
}

/** The demo product API: who the agent's token is for, once its proof and binding check out. */
function serveProductApi(app: FastifyInstance, options: DemoAppsOptions, api: NonNullable<DemoAppsOptions["api"]>): void {
  let introspecting: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const insecure = options.issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : {};
    introspecting ??= oidc.discovery(new URL(options.issuer), api.clientId, undefined, oidc.ClientSecretBasic(api.secret), insecure);
    introspecting.catch(() => {
      introspecting = undefined;
    });
    return introspecting;
  };
  // One process: in memory. An API of several instances keeps these where all of them insert.
  const seenProofs = new Map<string, number>();
  app.get(`/${api.brand}/api/me`, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const dpop = request.headers.dpop;
    const verdict = await checkDpopRequest(
      {
        method: request.method,
        url: new URL(request.url, options.origin).href,
        authorization: request.headers.authorization,
        dpop: dpop === undefined ? [] : Array.isArray(dpop) ? dpop : [dpop],
      },
      {
        introspect: async (token) => ({ ...(await oidc.tokenIntrospection(await configuration(), token)) }),
        firstUse: async (jti, expiresAt) => {
          const now = Date.now();
          for (const [seen, until] of seenProofs) if (until < now) seenProofs.delete(seen);
          if (seenProofs.has(jti)) return false;
          seenProofs.set(jti, expiresAt);
          return true;
        },
      },
    );
    if (!verdict.ok) return reply.code(401).header("www-authenticate", dpopChallenge(verdict)).send({ error: verdict.error });
    const { sub, client_id, scope, cnf } = verdict.token;
    return reply.send({ sub, client_id, scope, jkt: (cnf as { jkt: string }).jkt });
  });
}

/** Starts the demo apps on their origin's port; outside production, beside the account server. */
export async function startDemoApps(options: DemoAppsOptions, host: string): Promise<FastifyInstance> {
  const app = await buildDemoApps(options);
  const url = new URL(options.origin);
  await app.listen({ port: Number(url.port || (url.protocol === "https:" ? 443 : 80)), host });
  return app;
}
