import { createHash, timingSafeEqual } from "node:crypto";
import type Provider from "oidc-provider";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { BRANDS, brandById } from "../../common/brands/index.ts";
import { LANGUAGE_COOKIE, type Language } from "../../common/languages.ts";
import { AUTHORIZE_CALLBACK_PATH } from "../auth/kernel/return-url.ts";
import { endSession, productStanding } from "../auth/kernel/sessions.ts";
import type { Config } from "../config.ts";
import { providerCookieNames, servedOverHttps } from "../cookies.ts";
import type { Db } from "../db/database.ts";
import { enqueueLogoutTokens } from "../db/logout-deliveries.ts";
import { escapeHtml, plainPage } from "../html.ts";
import { serverStrings } from "../i18n/index.ts";
import { languageOf } from "../routes/language.ts";
import { kyselyAdapter } from "./adapter.ts";
import { appSession, appSessionRef, providerCaller } from "./app-session.ts";
import { HASHED_SECRET_PREFIX } from "./clients.ts";
import { DPOP_SIGNING_ALGS, type DpopRefusal, dpopRefusal, storeProofsOnce } from "./dpop.ts";
import { type ProviderKeys, SIGNING_ALG } from "./keys.ts";

/**
 * The addresses deployed clients of the original IdentityServer know (decision 25). The
 * discovery document is always /.well-known/openid-configuration.
 */
export const OIDC_ROUTES = {
  authorization: "/connect/authorize",
  token: "/connect/token",
  userinfo: "/connect/userinfo",
  end_session: "/connect/endsession",
  revocation: "/connect/revocation",
  introspection: "/connect/introspect",
  jwks: "/.well-known/openid-configuration/jwks",
} as const;

/** The scopes and the claims each one releases (README, "Signing in to the products"). */
export const SCOPE_CLAIMS = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: ["name"],
  license: ["license_state", "device_uuid"],
} as const;

const TTL = {
  AuthorizationCode: 60,
  AccessToken: 3600,
  IdToken: 3600,
  Interaction: 3600,
  Grant: 30 * 86_400,
  Session: 30 * 86_400,
  /** Rotated on every use; a desktop agent that is not used for 30 days signs in again. */
  RefreshToken: 30 * 86_400,
};

/**
 * The provider's error page in the customer's language: the OAuth error and its description (as
 * the provider words them, for the app's developer) between our own sentences.
 */
export function signInErrorPage(language: Language, error: string, description: string): string {
  const words = serverStrings(language).pages;
  return plainPage(
    words.signInErrorTitle,
    `<h1>${escapeHtml(words.signInErrorHeading)}</h1><p><strong>${escapeHtml(error)}</strong>: ${escapeHtml(
      description,
    )}</p><p>${escapeHtml(words.signInErrorRetry)}</p>`,
    language,
  );
}

/** The language of a request the provider answers itself: its ui_locales, then as for any page. */
function providerLanguage(ctx: KoaContextWithOIDC): Language {
  return languageOf(ctx.url, ctx.req.headers, ctx.cookies.get(LANGUAGE_COOKIE), ctx.oidc?.params?.ui_locales);
}

/** Whether an api client is registered to introspect tokens issued to `clientId`. */
const mayIntrospect = (client: { introspects?: unknown }, clientId: string | undefined) =>
  Array.isArray(client.introspects) && clientId !== undefined && client.introspects.includes(clientId);

const brandOf = (client: { [key: string]: unknown } | undefined) => brandById(typeof client?.brand === "string" ? client.brand : undefined);

export interface ProviderHooks {
  /** A DPoP proof was refused (or missing where one is required), and why: for the metrics. */
  onDpopRefusal?: (reason: DpopRefusal) => void;
}

export async function buildProvider(db: Db, config: Config, keys: ProviderKeys, hooks: ProviderHooks = {}): Promise<Provider> {
  // Loaded here, at the provider's first use, not with the server (service.ts).
  const { default: Provider, errors, interactionPolicy } = await import("oidc-provider");
  const policy = interactionPolicy.base();
  // Our session decides who is signed in: a provider session whose account has signed out here
  // (or been replaced by another sign-in) no longer counts.
  policy.get("login")?.checks.add(
    new interactionPolicy.Check("app_session", "the account server session has ended or changed", "login_required", async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const session = await appSession(db, config, ctx.get("cookie"));
      return session?.accountId === accountId ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );

  const configuration: Configuration = {
    // A provider session is saved on its browser's requests: each save names that browser's
    // account server session, so signing the browser out from a list ends it too (decision 52).
    adapter: kyselyAdapter(db, () => appSessionRef(config, Provider.ctx?.get("cookie"))) as unknown as Configuration["adapter"],
    jwks: keys.jwks as Configuration["jwks"],
    // Secure and prefixed from PUBLIC_URL, not from whether a proxy says https (cookies.ts).
    cookies: {
      names: providerCookieNames(config),
      keys: keys.cookieKeys,
      long: { signed: true, sameSite: "lax", secure: servedOverHttps(config) },
      short: { signed: true, sameSite: "lax", secure: servedOverHttps(config) },
    },
    routes: OIDC_ROUTES,
    responseTypes: ["code"],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", ...Object.keys(SCOPE_CLAIMS).filter((scope) => scope !== "openid")],
    // amr: how the customer signed in (RFC 8176; sessions.ts), in every ID token.
    claims: {
      ...Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
      openid: [...SCOPE_CLAIMS.openid, "amr"],
    },
    // The demo apps (and the products) show who signed in from the ID token alone.
    conformIdTokenClaims: false,
    extraClientMetadata: {
      properties: ["brand", "introspects"],
      validator(_ctx, key, value) {
        if (key === "brand" && !BRANDS.some((brand) => brand.id === value)) throw new Error("unknown brand");
        if (key === "introspects" && value !== undefined && !(Array.isArray(value) && value.every((id) => typeof id === "string")))
          throw new Error("introspects must list client ids");
      },
    },
    enabledJWA: {
      idTokenSigningAlgValues: [SIGNING_ALG],
      userinfoSigningAlgValues: [SIGNING_ALG],
      introspectionSigningAlgValues: [SIGNING_ALG],
      authorizationSigningAlgValues: [SIGNING_ALG],
      requestObjectSigningAlgValues: [SIGNING_ALG],
      dPoPSigningAlgValues: [...DPOP_SIGNING_ALGS],
    },
    // Web clients are registered for client_secret_basic only; a method a client was not
    // registered for is refused, not treated as its equivalent.
    clientAuthMethods: ["none", "client_secret_basic"],
    features: {
      devInteractions: { enabled: false },
      // Not routed, so not advertised: every client sends its request to /connect/authorize.
      pushedAuthorizationRequests: { enabled: false },
      // A client revokes its own tokens only; another's (an api's agents') is answered as revoked
      // and left alone, so nobody learns from the answer whether a token exists.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      // A client learns about its own tokens only, and a product API (type api) about those of the
      // clients it is registered for, to check an agent's DPoP binding (decision 69); any other
      // client's tokens are "inactive" to it.
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) =>
          token.clientId === client.clientId || mayIntrospect(client as { introspects?: unknown }, token.clientId),
      },
      userinfo: { enabled: true },
      // Sender-constrained tokens (RFC 9449, decision 68): a client registered with
      // dpop_bound_access_tokens (desktop agents) must send a proof with every token request, and
      // its access and refresh tokens are bound to that key; any client that sends one gets them
      // bound. Nonces come from one configured secret, so every instance takes another's; they are
      // not required (the iat window bounds a proof's life as closely), but a proof with an old iat
      // is answered use_dpop_nonce with a fresh one, so an agent on a PC whose clock is off still
      // signs in. Replays are refused through the database (storeProofsOnce below).
      dPoP: { enabled: true, nonceSecret: config.oidc.dpopNonceSecret, requireNonce: () => false, allowReplay: false },
      // Apps with a back-channel logout address are told of every sign-out (decision 66).
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => logoutPage(ctx, form),
        postLogoutSuccessSource: async (ctx) => {
          // No post-logout address was asked for: the brand's own logout address.
          ctx.redirect(config.links[brandOf(ctx.oidc.client as never).afterLogout.link]);
        },
      },
    },
    ttl: TTL,
    // Every registered client is the products' own: nobody is asked to consent to them.
    loadExistingGrant: async (ctx) => {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(" "));
      const claims = ctx.oidc.requestParamClaims;
      if (claims) grant.addOIDCClaims([...claims]);
      await grant.save();
      return grant;
    },
    // Refresh tokens for the clients allowed them (desktop agents, web clients), without the
    // consent screen offline_access would otherwise need; public clients' rotate on every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // A desktop agent is an app of its own: a logout in the browser it signed in through does not
    // sign it out (decision 52). A web app's tokens end with the browser's session.
    expiresWithSession: async (ctx) => ctx.oidc.client?.applicationType !== "native",
    rotateRefreshToken: (ctx) =>
      ctx.oidc.client?.clientAuthMethod === "none" || (ctx.oidc.entities.RefreshToken?.ttlPercentagePassed() ?? 0) >= 70,
    findAccount: async (ctx, sub) => {
      const account = await db.selectFrom("accounts").select(["id", "email", "name"]).where("id", "=", sub).executeTakeFirst();
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          const brand = brandOf(ctx.oidc.client as never);
          const standing = await productStanding(db, account.id, brand.productId);
          return {
            sub: account.id,
            email: account.email,
            // Every account's address is the one its licenses were sold to and its access links
            // go to (decision 27).
            email_verified: true,
            name: account.name,
            license_state: standing.licenseState,
            device_uuid: standing.uuid,
          };
        },
      };
    },
    interactions: {
      policy,
      url: async (_ctx, interaction) => `${AUTHORIZE_CALLBACK_PATH}?uid=${encodeURIComponent(interaction.uid)}`,
    },
    clientBasedCORS: (_ctx, origin, client) =>
      [...(client.redirectUris ?? []), ...(client.postLogoutRedirectUris ?? [])].some(
        (uri) => URL.canParse(uri) && new URL(uri).origin === origin,
      ),
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.set("content-security-policy", "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'");
      ctx.body = signInErrorPage(providerLanguage(ctx), String(out.error), String(out.error_description ?? ""));
    },
  };

  const provider = new Provider(config.publicUrl, configuration);
  // The provider sees each request as Fastify resolved it (routes.ts sets the forwarded headers
  // from PUBLIC_URL and Fastify's client address), never as a client claims it.
  provider.proxy = true;

  // Web clients' secrets are stored as SHA-256 (prefixed), never as they were handed out.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    const stored = this.clientSecret ?? "";
    if (!stored.startsWith(HASHED_SECRET_PREFIX)) return false;
    const expected = Buffer.from(stored.slice(HASHED_SECRET_PREFIX.length), "hex");
    const presented = createHash("sha256").update(actual).digest();
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  } as never;

  storeProofsOnce(provider, db, errors.InvalidDpopProof);
  // Every refused proof is counted by its reason, wherever it was presented.
  const countRefusal = (_ctx: unknown, error: Parameters<typeof dpopRefusal>[0]) => {
    const reason = dpopRefusal(error);
    if (reason) hooks.onDpopRefusal?.(reason);
  };
  for (const event of ["grant.error", "userinfo.error", "introspection.error", "revocation.error"] as const) {
    provider.on(event as "grant.error", countRefusal as never);
  }

  // A logout at /connect/endsession tells the apps of its provider session through this: queued,
  // like every other sign-out's, never sent while the customer waits (oidc/logout-delivery.ts).
  provider.Client.prototype.backchannelLogout = async function backchannelLogout(
    this: { clientId: string },
    accountId: string,
    sid: string,
  ) {
    await enqueueLogoutTokens(db, [{ clientId: this.clientId, accountId, sid }]);
  } as never;

  provider.use(async (koaContext, next) => {
    await next();
    const ctx = koaContext as KoaContextWithOIDC;
    if (!ctx.oidc || ctx.status >= 400) return;
    // With nobody signed in at the provider, it posts its logout form by its own script at once,
    // whoever is signed in here: our page decides instead, as when the provider has someone.
    if (ctx.oidc.route === "end_session" && !ctx.oidc.session?.accountId) await logoutPage(ctx, providerLogoutForm(ctx.oidc));
    // Logging out at the provider is a logout here: the website's, security trail and all.
    if (ctx.oidc.route === "end_session_confirm") await endSession(db, config, providerCaller(ctx, providerLanguage(ctx)));
  });

  return provider;

  /**
   * The provider's logout page. An app of ours that names the customer signed in here (an
   * id_token_hint whose subject is our session's account; the provider has checked its signature
   * and audience, not its expiry) logs them out at once: the form is posted by a same-origin
   * script. Anything else (a link on another site, a bare address, a hint naming anyone else, the
   * attacker's own token say) only asks: a page elsewhere cannot sign a customer out by sending
   * them here, only the customer's own post of the form from this page can.
   */
  async function logoutPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
    const brand = brandOf(ctx.oidc.client as never);
    const postLogout = ctx.oidc.params?.post_logout_redirect_uri;
    const postLogoutOrigin = typeof postLogout === "string" && URL.canParse(postLogout) ? new URL(postLogout).origin : "";
    const afterLogoutOrigin = new URL(config.links[brand.afterLogout.link]).origin;
    const hinted = (ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined)?.payload?.sub;
    const signedIn =
      typeof hinted === "string" && ctx.oidc.client !== undefined ? await appSession(db, config, ctx.get("cookie")) : undefined;
    const fromOurApp = signedIn !== undefined && signedIn.accountId === hinted;
    ctx.type = "html";
    // Browsers check form-action on the redirect that follows the post, so the post-logout
    // address's origin is allowed.
    ctx.set(
      "content-security-policy",
      `default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self' ${postLogoutOrigin} ${afterLogoutOrigin}; base-uri 'none'; frame-ancestors 'none'`.replace(
        / +/g,
        " ",
      ),
    );
    ctx.set("cache-control", "no-store");
    const language = providerLanguage(ctx);
    const words = serverStrings(language).pages;
    const confirm = form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>');
    const button = `<button class="button" type="submit" form="op.logoutForm">${escapeHtml(words.logOut)}</button>`;
    ctx.body = plainPage(
      brand.name,
      fromOurApp
        ? `<h1>${escapeHtml(brand.name)}</h1><p>${escapeHtml(words.loggingOut)}</p>${confirm}
<noscript>${button}</noscript>
<script src="/connect/endsession.js"></script>`
        : `<h1>${escapeHtml(brand.name)}</h1><p>${escapeHtml(words.logoutQuestion)}</p>${confirm}${button}`,
      language,
    );
  }
}

/** The form oidc-provider puts on its logout page: its confirmation, with this browser's xsrf. */
function providerLogoutForm(oidc: KoaContextWithOIDC["oidc"]): string {
  const xsrf = String((oidc.session?.state as { secret?: unknown } | undefined)?.secret ?? "");
  return `<form id="op.logoutForm" method="post" action="${escapeHtml(oidc.urlFor("end_session_confirm"))}"><input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}"/></form>`;
}
