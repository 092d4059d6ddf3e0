import { createHash, timingSafeEqual } from "node:crypto";
import type Provider from "oidc-provider";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { endSession } from "../auth/kernel/sessions.ts";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import { enqueueLogoutTokens } from "../db/logout-deliveries.ts";
import { kyselyAdapter, writeHeldTokens } from "./adapter.ts";
import { appSessionOfRequest, browserOfRequest, providerCaller } from "./app-session.ts";
import type { ClientCache } from "./client-cache.ts";
import { HASHED_SECRET_PREFIX } from "./clients.ts";
import { OIDC_ROUTES, providerConfiguration } from "./configuration.ts";
import { type DpopRefusal, dpopRefusal, storeProofsOnce } from "./dpop.ts";
import type { ProviderKeys } from "./keys.ts";
import { logoutPage, providerLanguage, providerLogoutForm } from "./pages.ts";
import { runTokenRequestsAsUnits, unitOrDb } from "./token-unit.ts";

type OidcProviderModule = typeof import("oidc-provider");

export interface ProviderHooks {
  /** A DPoP proof was refused (or missing where one is required), and why: for the metrics. */
  onDpopRefusal?: (reason: DpopRefusal) => void;
}

/**
 * The OpenID Provider: oidc-provider with our configuration (configuration.ts), accounts
 * (accounts.ts) and pages (pages.ts), and what it does besides as a part of the account server.
 */
export async function buildProvider(
  db: Db,
  config: Config,
  keys: ProviderKeys,
  clients: ClientCache,
  hooks: ProviderHooks = {},
): Promise<Provider> {
  // Loaded here, at the provider's first use, not with the server (service.ts).
  const { default: Provider, errors, interactionPolicy } = await import("oidc-provider");
  // Inside a token request's unit of work, the provider's statements run in its transaction.
  const inUnit = unitOrDb(db);
  const configuration = providerConfiguration({
    db: inUnit,
    config,
    keys,
    // A provider session and a grant are saved on their browser's requests: each save names that
    // browser's account server session and device mark, so signing the browser out from a list
    // ends its provider session (decision 52), and "This wasn't me" its apps too (decision 67).
    adapter: kyselyAdapter(inUnit, {
      clients,
      browserOfRequest: () => browserOfRequest(config, Provider.ctx?.get("cookie")),
    }) as unknown as Configuration["adapter"],
    policy: signedInHerePolicy(interactionPolicy, db, config),
  });
  const provider = new Provider(config.publicUrl, configuration);
  // The provider sees each request as Fastify resolved it (routes.ts sets the forwarded headers
  // from PUBLIC_URL and Fastify's client address), never as a client claims it.
  provider.proxy = true;
  compareHashedClientSecrets(provider);
  storeProofsOnce(provider, inUnit, errors.InvalidDpopProof);
  runTokenRequestsAsUnits(provider, db, OIDC_ROUTES.token, writeHeldTokens);
  countDpopRefusals(provider, hooks);
  queueBackchannelLogouts(provider, db);
  logOutHereToo(provider, db, config);
  return provider;
}

/**
 * Our session decides who is signed in: a provider session whose account has signed out here (or
 * been replaced by another sign-in) no longer counts.
 */
function signedInHerePolicy(interactionPolicy: OidcProviderModule["interactionPolicy"], db: Db, config: Config) {
  const policy = interactionPolicy.base();
  policy.get("login")?.checks.add(
    new interactionPolicy.Check("app_session", "the account server session has ended or changed", "login_required", async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const session = await appSessionOfRequest(db, config, ctx);
      return session?.accountId === accountId ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  // Native clients (desktop agents) are sent through a consent interaction on every authorization
  // by default (RFC 8252 section 8.6). Every client here is first party and our interaction grants
  // what it asks without a screen (interactions.ts), so that round trip asked nobody anything: it
  // only cost a redirect and a dozen statements (docs/decisions/0089).
  policy.get("consent")?.checks.remove("native_client_prompt");
  return policy;
}

/** Web clients' secrets are stored as SHA-256 (prefixed), never as they were handed out. */
function compareHashedClientSecrets(provider: Provider): void {
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    const stored = this.clientSecret ?? "";
    if (!stored.startsWith(HASHED_SECRET_PREFIX)) return false;
    const expected = Buffer.from(stored.slice(HASHED_SECRET_PREFIX.length), "hex");
    const presented = createHash("sha256").update(actual).digest();
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  } as never;
}

/** Every refused proof is counted by its reason, wherever it was presented. */
function countDpopRefusals(provider: Provider, hooks: ProviderHooks): void {
  const countRefusal = (_ctx: unknown, error: Parameters<typeof dpopRefusal>[0]) => {
    const reason = dpopRefusal(error);
    if (reason) hooks.onDpopRefusal?.(reason);
  };
  for (const event of ["grant.error", "userinfo.error", "introspection.error", "revocation.error"] as const) {
    provider.on(event as "grant.error", countRefusal as never);
  }
}

/**
 * A logout at /connect/endsession tells the apps of its provider session through this: queued,
 * like every other sign-out's, never sent while the customer waits (provider/logout-delivery.ts).
 */
function queueBackchannelLogouts(provider: Provider, db: Db): void {
  provider.Client.prototype.backchannelLogout = async function backchannelLogout(
    this: { clientId: string },
    accountId: string,
    sid: string,
  ) {
    await enqueueLogoutTokens(db, [{ clientId: this.clientId, accountId, sid }]);
  } as never;
}

function logOutHereToo(provider: Provider, db: Db, config: Config): void {
  provider.use(async (koaContext, next) => {
    await next();
    const ctx = koaContext as KoaContextWithOIDC;
    if (!ctx.oidc || ctx.status >= 400) return;
    // With nobody signed in at the provider, it posts its logout form by its own script at once,
    // whoever is signed in here: our page decides instead, as when the provider has someone.
    if (ctx.oidc.route === "end_session" && !ctx.oidc.session?.accountId) await logoutPage(db, config, ctx, providerLogoutForm(ctx.oidc));
    // Logging out at the provider is a logout here: the website's, security trail and all.
    if (ctx.oidc.route === "end_session_confirm") await endSession(db, config, providerCaller(ctx, providerLanguage(ctx)));
  });
}
