import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import * as oidc from "openid-client";
import type { Brand } from "../../../common/brands/index.ts";
import { escapeHtml } from "../../base/escape-html.ts";
import { plainPage } from "../../http/html.ts";

/**
 * One demo web app (a brand's): its home page, its sign-in through the account server and back,
 * its back-channel logout address and its sign-out. What every app of the demo server shares (the
 * sessions, the discovery, the logout tokens seen) is its DemoState.
 */
export interface DemoApp {
  brand: Brand;
  clientId: string;
  /** The app's own address, e.g. http://localhost:3001/dsone/. */
  base: string;
}

export interface Signed {
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

/** In memory: a demo keeps no state worth keeping across restarts. */
export class DemoState {
  readonly signedIn = new Map<string, Signed>();
  readonly pending = new Map<string, Pending>();
  readonly #configurations = new Map<string, Promise<oidc.Configuration>>();
  /** Logout tokens already acted on, by jti, until they expire: a replayed one is refused. */
  readonly seenLogoutTokens = new Map<string, number>();
  keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  /** The account server (the OpenID issuer). */
  readonly issuer: string;
  /** The demo server's own origin. */
  readonly origin: string;

  constructor(issuer: string, origin: string) {
    this.issuer = issuer;
    this.origin = origin;
  }

  configuration(demo: DemoApp): Promise<oidc.Configuration> {
    let found = this.#configurations.get(demo.clientId);
    if (!found) {
      const insecure = this.issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : {};
      found = oidc.discovery(new URL(this.issuer), demo.clientId, undefined, oidc.None(), insecure);
      // A failed discovery (the account server still starting) is tried again next time.
      found.catch(() => this.#configurations.delete(demo.clientId));
      this.#configurations.set(demo.clientId, found);
    }
    return found;
  }
}

const COOKIE = { path: "/", httpOnly: true, sameSite: "lax" as const };
const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const demoPage = (reply: FastifyReply, title: string, body: string, status = 200) =>
  reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", CSP)
    .send(plainPage(title, body));

/** The cookies of one app: its session, and its sign-in under way. */
const cookiesOf = (demo: DemoApp) => ({ session: `demo_${demo.brand.id}`, pending: `demo_${demo.brand.id}_auth` });

/** What an app's cookie names, taken: forgotten here, and the cookie cleared. */
function takeCookie<T>(request: FastifyRequest, reply: FastifyReply, name: string, held: Map<string, T>): T | undefined {
  const key = request.cookies[name];
  const value = key ? held.get(key) : undefined;
  if (key) held.delete(key);
  reply.clearCookie(name, COOKIE);
  return value;
}

export function serveDemoApp(app: FastifyInstance, demo: DemoApp, state: DemoState): void {
  const path = `/${demo.brand.id}`;
  app.get(`${path}/`, (request, reply) => homePage(demo, state, request, reply));
  app.get(`${path}/login`, (_request, reply) => startSignIn(demo, state, reply));
  app.get(`${path}/callback`, (request, reply) => finishSignIn(demo, state, request, reply));
  app.post(`${path}/backchannel-logout`, (request, reply) => backchannelLogout(demo, state, request, reply));
  app.get(`${path}/logout`, (request, reply) => signOut(demo, state, request, reply));
}

async function homePage(demo: DemoApp, state: DemoState, request: FastifyRequest, reply: FastifyReply) {
  const key = request.cookies[cookiesOf(demo).session];
  let signed = key ? state.signedIn.get(key) : undefined;
  if (signed && key) {
    // Still signed in at the account server? Its logout revokes this app's tokens too.
    try {
      await oidc.fetchUserInfo(await state.configuration(demo), signed.accessToken, String(signed.claims.sub));
    } catch {
      state.signedIn.delete(key);
      signed = undefined;
    }
  }
  const name = escapeHtml(demo.brand.name);
  if (!signed) {
    return demoPage(
      reply,
      `${demo.brand.name} web app`,
      `<p class="note">Demo ${name} web app (an OpenID relying party on ${escapeHtml(state.origin)}).</p><h1>${name} web app</h1>
<p>Nobody is signed in.</p><p><a class="button" href="/${demo.brand.id}/login">Sign in to ${name}</a></p>`,
    );
  }
  const rows = Object.entries(signed.claims)
    .map(([claim, value]) => `<tr><th>${escapeHtml(claim)}</th><td>${escapeHtml(String(value))}</td></tr>`)
    .join("");
  return demoPage(
    reply,
    `${demo.brand.name} web app`,
    `<p class="note">Demo ${name} web app (an OpenID relying party on ${escapeHtml(state.origin)}).</p><h1>${name} web app</h1>
<p>Signed in as <strong>${escapeHtml(String(signed.claims.email))}</strong>.</p>
<h2>ID token claims</h2><table class="claims">${rows}</table>
<p><a class="button" href="/${demo.brand.id}/logout">Sign out</a></p>`,
  );
}

const redirectUriOf = (demo: DemoApp) => `${demo.base.replace(/\/$/, "")}/callback`;

async function startSignIn(demo: DemoApp, state: DemoState, reply: FastifyReply) {
  const config = await state.configuration(demo);
  const attempt: Pending = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  const key = randomBytes(16).toString("base64url");
  state.pending.set(key, attempt);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(demo),
    scope: "openid email profile license",
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
    code_challenge_method: "S256",
    state: attempt.state,
    nonce: attempt.nonce,
  });
  return reply.setCookie(cookiesOf(demo).pending, key, { ...COOKIE, maxAge: 3600 }).redirect(url.href);
}

async function finishSignIn(demo: DemoApp, state: DemoState, request: FastifyRequest, reply: FastifyReply) {
  const cookies = cookiesOf(demo);
  const attempt = takeCookie(request, reply, cookies.pending, state.pending);
  if (!attempt)
    return demoPage(
      reply,
      "Sign-in failed",
      `<h1>Sign-in failed</h1><p>This sign-in was not started here. <a href="/${demo.brand.id}/">Start again</a>.</p>`,
      400,
    );
  try {
    const config = await state.configuration(demo);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, state.origin), {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
    });
    const session = randomBytes(16).toString("base64url");
    state.signedIn.set(session, {
      clientId: demo.clientId,
      idToken: tokens.id_token as string,
      accessToken: tokens.access_token,
      claims: { ...tokens.claims() },
    });
    return reply.setCookie(cookies.session, session, COOKIE).redirect(`/${demo.brand.id}/`);
  } catch (error) {
    const message =
      error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError
        ? error.error
        : "the sign-in could not be completed";
    return demoPage(
      reply,
      "Sign-in failed",
      `<h1>Sign-in failed</h1><p>${escapeHtml(message)}. <a href="/${demo.brand.id}/">Start again</a>.</p>`,
      400,
    );
  }
}

/**
 * The back-channel logout address: the account server posts a logout token here when a sign-in
 * of this app ends (a logout elsewhere, signing this app or the browser out from the account
 * page, sign out everywhere, a password reset, a disabled or deleted account). The token is
 * checked against the provider's published keys, for this app, as a logout token (typ, events, no
 * nonce), and ends this app's sessions of its sid, or of its sub when it has none.
 */
async function backchannelLogout(demo: DemoApp, state: DemoState, request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  const token = (request.body as Record<string, unknown> | undefined)?.logout_token;
  try {
    if (typeof token !== "string") throw new Error("no logout_token");
    const payload = await verifiedLogoutToken(demo, state, token);
    const now = Date.now();
    for (const [jti, until] of state.seenLogoutTokens) if (until < now) state.seenLogoutTokens.delete(jti);
    if (state.seenLogoutTokens.has(String(payload.jti))) throw new Error("this logout token was used");
    state.seenLogoutTokens.set(String(payload.jti), now + 10 * 60_000);
    for (const [key, signed] of state.signedIn) {
      const sameSession = typeof payload.sid === "string" ? signed.claims.sid === payload.sid : true;
      const sameAccount = typeof payload.sub === "string" ? signed.claims.sub === payload.sub : true;
      if (signed.clientId === demo.clientId && sameSession && sameAccount) state.signedIn.delete(key);
    }
    return reply.code(200).send();
  } catch (error) {
    return reply.code(400).send({ error: "invalid_request", error_description: (error as Error).message });
  }
}

/** A logout token's claims, once it is shown to be one, for this app, from the account server. */
async function verifiedLogoutToken(demo: DemoApp, state: DemoState, token: string): Promise<JWTPayload> {
  const config = await state.configuration(demo);
  state.keys ??= createRemoteJWKSet(new URL(String(config.serverMetadata().jwks_uri)));
  const { payload } = await jwtVerify(token, state.keys, {
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
  return payload;
}

async function signOut(demo: DemoApp, state: DemoState, request: FastifyRequest, reply: FastifyReply) {
  const signed = takeCookie(request, reply, cookiesOf(demo).session, state.signedIn);
  if (!signed) return reply.redirect(`/${demo.brand.id}/`);
  const url = oidc.buildEndSessionUrl(await state.configuration(demo), {
    id_token_hint: signed.idToken,
    post_logout_redirect_uri: demo.base,
  });
  return reply.redirect(url.href);
}
