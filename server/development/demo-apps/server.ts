import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import * as oidc from "openid-client";
import { BRANDS } from "../../../common/brands/index.ts";
import { escapeHtml } from "../../base/escape-html.ts";
import { checkDpopRequest, dpopChallenge } from "./product-api.ts";
import { type DemoApp, DemoState, demoPage, serveDemoApp } from "./web-app.ts";

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

const PLAIN_CSS = readFileSync(join(import.meta.dirname, "..", "..", "site", "plain.css"), "utf8");

/** The demo apps' server, with the sessions it holds (which app, and the claims of its ID token). */
export type DemoApps = FastifyInstance & { sessions: ReadonlyMap<string, { clientId: string; claims: Record<string, unknown> }> };

export async function buildDemoApps(options: DemoAppsOptions): Promise<DemoApps> {
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  // Logout tokens come as a form post.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const state = new DemoState(options.issuer, options.origin);
  const apps = options.clients.flatMap(({ brand: id, clientId }): DemoApp[] => {
    const brand = BRANDS.find((candidate) => candidate.id === id);
    return brand ? [{ brand, clientId, base: `${options.origin}/${brand.id}/` }] : [];
  });

  // The account server's stylesheet keeps the demo looking like the other stand-in pages.
  app.get("/plain.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(PLAIN_CSS));

  app.get("/", async (_request, reply) =>
    demoPage(
      reply,
      "Demo apps",
      `<p class="note">Demo relying parties for development, on their own origin.</p><h1>Demo apps</h1><ul>${apps
        .map((demo) => `<li><a href="${escapeHtml(demo.base)}">${escapeHtml(demo.brand.name)} web app</a></li>`)
        .join("")}</ul>`,
    ),
  );

  for (const demo of apps) serveDemoApp(app, demo, state);
  if (options.api) serveProductApi(app, options, options.api);
  return Object.assign(app, { sessions: state.signedIn }) as unknown as DemoApps;
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
