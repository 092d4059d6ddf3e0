import type { Configuration } from "oidc-provider";
import { BRANDS } from "../../common/brands/index.ts";
import { AUTHORIZE_CALLBACK_PATH } from "../auth/kernel/return-url.ts";
import type { Config } from "../base/config.ts";
import { providerCookieNames, servedOverHttps } from "../base/cookies.ts";
import type { Db } from "../db/database.ts";
import { findAccount } from "./accounts.ts";
import { brandOfClient } from "./clients.ts";
import { DPOP_SIGNING_ALGS } from "./dpop.ts";
import { type ProviderKeys, SIGNING_ALG } from "./keys.ts";
import { logoutPage, providerLanguage, signInErrorPage } from "./pages.ts";

/**
 * The provider's configuration (oidc-provider's Configuration): its addresses, scopes and claims,
 * token lifetimes and policies. What it needs at run time (the database, the settings, the keys,
 * the interaction policy) is handed to providerConfiguration; the rest is plain data here.
 */

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

/** The scopes and the claims each one releases (docs/integrating.md, "A product's web app: OpenID Connect"). */
const SCOPE_CLAIMS = {
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

/** amr: how the customer signed in (RFC 8176; sessions.ts), in every ID token. */
const CLAIMS: Configuration["claims"] = {
  ...Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
  openid: [...SCOPE_CLAIMS.openid, "amr"],
};

const EXTRA_CLIENT_METADATA: Configuration["extraClientMetadata"] = {
  properties: ["brand", "introspects"],
  validator(_ctx, key, value) {
    if (key === "brand" && !BRANDS.some((brand) => brand.id === value)) throw new Error("unknown brand");
    if (key === "introspects" && value !== undefined && !(Array.isArray(value) && value.every((id) => typeof id === "string")))
      throw new Error("introspects must list client ids");
  },
};

const ENABLED_JWA: Configuration["enabledJWA"] = {
  idTokenSigningAlgValues: [SIGNING_ALG],
  userinfoSigningAlgValues: [SIGNING_ALG],
  introspectionSigningAlgValues: [SIGNING_ALG],
  authorizationSigningAlgValues: [SIGNING_ALG],
  requestObjectSigningAlgValues: [SIGNING_ALG],
  dPoPSigningAlgValues: [...DPOP_SIGNING_ALGS],
};

/** Whether an api client is registered to introspect tokens issued to `clientId`. */
const mayIntrospect = (client: { introspects?: unknown }, clientId: string | undefined) =>
  Array.isArray(client.introspects) && clientId !== undefined && client.introspects.includes(clientId);

/** Every registered client is the products' own: nobody is asked to consent to them. */
const loadExistingGrant: Configuration["loadExistingGrant"] = async (ctx) => {
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
};

/** What the provider needs at run time to be configured. */
export interface ConfigurationNeeds {
  db: Db;
  config: Config;
  keys: ProviderKeys;
  /** Where the provider keeps its state (adapter.ts). */
  adapter: Configuration["adapter"];
  /** When the customer is sent to sign in (provider.ts adds our session's check). */
  policy: NonNullable<Configuration["interactions"]>["policy"];
}

export function providerConfiguration({ db, config, keys, adapter, policy }: ConfigurationNeeds): Configuration {
  return {
    adapter,
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
    claims: CLAIMS,
    // The demo apps (and the products) show who signed in from the ID token alone.
    conformIdTokenClaims: false,
    extraClientMetadata: EXTRA_CLIENT_METADATA,
    enabledJWA: ENABLED_JWA,
    // Web clients are registered for client_secret_basic only; a method a client was not
    // registered for is refused, not treated as its equivalent.
    clientAuthMethods: ["none", "client_secret_basic"],
    features: features(db, config),
    ttl: TTL,
    loadExistingGrant,
    // Refresh tokens for the clients allowed them (desktop agents, web clients), without the
    // consent screen offline_access would otherwise need; public clients' rotate on every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // A desktop agent is an app of its own: a logout in the browser it signed in through does not
    // sign it out (decision 52). A web app's tokens end with the browser's session.
    expiresWithSession: async (ctx) => ctx.oidc.client?.applicationType !== "native",
    rotateRefreshToken: (ctx) =>
      ctx.oidc.client?.clientAuthMethod === "none" || (ctx.oidc.entities.RefreshToken?.ttlPercentagePassed() ?? 0) >= 70,
    findAccount: findAccount(db, config),
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
}

/** The provider's features: which endpoints it answers, and whom each answers. */
function features(db: Db, config: Config): Configuration["features"] {
  return {
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
    // signs in. Replays are refused through the database (dpop.ts, storeProofsOnce).
    dPoP: { enabled: true, nonceSecret: config.oidc.dpopNonceSecret, requireNonce: () => false, allowReplay: false },
    // Apps with a back-channel logout address are told of every sign-out (decision 66).
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx, form) => logoutPage(db, config, ctx, form),
      postLogoutSuccessSource: async (ctx) => {
        // No post-logout address was asked for: the brand's own logout address.
        ctx.redirect(config.links[brandOfClient(ctx.oidc.client as never).afterLogout.link]);
      },
    },
  };
}
