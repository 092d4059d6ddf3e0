import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import * as oidc from "openid-client";
import { BRANDS } from "../common/brands/index.ts";
import { escapeHtml, plainPage } from "../server/html.ts";

/**
 * The demo DS One and Maverick Safe web apps: relying parties on their own origin that sign in
 * through the account server's /connect/authorize with openid-client (server side, authorization
 * code + PKCE), show the ID token's claims, and sign out through /connect/endsession. Outside
 * production only; in production the products' own apps take their place.
 */
export interface DemoAppsOptions {
  /** The account server (the OpenID issuer). */
  issuer: string;
  /** This server's own origin, e.g. http://localhost:3001. */
  origin: string;
  /** Which client id each brand's app signs in as. */
  clients: { brand: string; clientId: string }[];
}

interface Signed {
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

export async function buildDemoApps(options: DemoAppsOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  // In memory: a demo keeps no state worth keeping across restarts.
  const signedIn = new Map<string, Signed>();
  const pending = new Map<string, Pending>();
  const configurations = new Map<string, Promise<oidc.Configuration>>();

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
        signedIn.set(session, { idToken: tokens.id_token as string, accessToken: tokens.access_token, claims: { ...tokens.claims() } });
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
  return app;
}

/** Starts the demo apps on their origin's port; outside production, beside the account server. */
export async function startDemoApps(options: DemoAppsOptions, host: string): Promise<FastifyInstance> {
  const app = await buildDemoApps(options);
  const url = new URL(options.origin);
  await app.listen({ port: Number(url.port || (url.protocol === "https:" ? 443 : 80)), host });
  return app;
}
