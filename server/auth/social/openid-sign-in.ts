import * as oidc from "openid-client";
import type { SocialSignInProblem } from "../../../common/social-sign-in.ts";
import { keptUntilFailure } from "../../base/kept-promise.ts";

/**
 * The relying-party side of OpenID Connect (Google, Microsoft, or their development stand-ins),
 * with openid-client: the authorization code flow with PKCE (S256), state and nonce. openid-client
 * checks the ID token's signature (against the issuer's published keys), issuer, audience,
 * expiry, issued-at and nonce; each provider reads the identity from the checked claims (Google's
 * email_verified rule by default), and every failure becomes one of the problems a customer is shown.
 *
 * A multi-tenant issuer (Microsoft's common, consumers and organizations authorities) names its
 * issuer with a placeholder, `https://login.microsoftonline.com/{tenantid}/v2.0`; each ID token's
 * issuer has its tenant's id (tid) there, and is checked against exactly that.
 */
export interface OpenIdSignInOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  timeoutMs: number;
  /** Plain http to the issuer: only for a local issuer outside production (the stand-in, tests). */
  allowInsecureHttp?: boolean;
  /**
   * A multi-tenant authority (Microsoft's): the metadata's issuer may name a tenant, or the
   * placeholder, where the configured address names the authority (consumers, common…).
   */
  tenantIssuer?: boolean;
}

/** The browser-bound secrets of one sign-in; the verifier never leaves the browser's cookie and our server. */
export interface SignInChecks {
  state: string;
  nonce: string;
  verifier: string;
}

interface VerifiedIdentity {
  subject: string;
  email: string;
}

/** What a multi-tenant issuer's metadata puts where each token's tenant id goes. */
const TENANT_PLACEHOLDER = "{tenantid}";

export class SignInProblem extends Error {
  readonly problem: SocialSignInProblem;
  constructor(problem: SocialSignInProblem, detail: string, options?: ErrorOptions) {
    super(detail, options);
    this.problem = problem;
  }
}

export interface OpenIdSignIn<Identity = VerifiedIdentity> {
  authorizationUrl(checks: SignInChecks): Promise<URL>;
  /** Completes the exchange from the callback address the provider sent the browser to. */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<Identity>;
}

/** Google's rule: the email of the token, and only when the provider says it verified it. */
function verifiedEmailIdentity(claims: oidc.IDToken): VerifiedIdentity {
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email) throw new SignInProblem("failed", "the ID token carried no email");
  // Only an address the provider has verified may find an account.
  if (claims.email_verified !== true) throw new SignInProblem("unverified", "the ID token's email is not verified");
  return { subject: claims.sub, email };
}

export function newSignInChecks(): SignInChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
}

export function openIdSignIn(options: OpenIdSignInOptions): OpenIdSignIn;
export function openIdSignIn<Identity>(
  options: OpenIdSignInOptions,
  identityOf: (claims: oidc.IDToken) => Identity,
): OpenIdSignIn<Identity>;
export function openIdSignIn(
  options: OpenIdSignInOptions,
  identityOf: (claims: oidc.IDToken) => unknown = verifiedEmailIdentity,
): OpenIdSignIn<unknown> {
  // The issuer's metadata is read once and kept; a failed read is tried again next time.
  const discovered = keptUntilFailure(async () => {
    // A multi-tenant authority's metadata is read from its well-known address, which openid-client
    // takes as is, and its issuer is checked here instead (sameAuthority).
    const address = options.tenantIssuer
      ? new URL(`${options.issuerUrl.replace(/\/$/, "")}/.well-known/openid-configuration`)
      : new URL(options.issuerUrl);
    const configuration = await oidc.discovery(address, options.clientId, undefined, oidc.ClientSecretPost(options.clientSecret), {
      timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
      execute: options.allowInsecureHttp ? [oidc.allowInsecureRequests] : [],
    });
    const issuer = configuration.serverMetadata().issuer;
    if (options.tenantIssuer && !sameAuthority(options.issuerUrl, issuer)) {
      throw new SignInProblem("failed", `the metadata's issuer ${issuer} is not of ${options.issuerUrl}`);
    }
    return configuration;
  });
  async function configuration(): Promise<oidc.Configuration> {
    try {
      return await discovered();
    } catch (error) {
      throw classify(error);
    }
  }

  return {
    async authorizationUrl(checks) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: "S256",
      });
    },

    async finish(callbackUrl, checks) {
      const config = await configuration();
      const grant = (configuration: oidc.Configuration) =>
        oidc.authorizationCodeGrant(
          configuration,
          callbackUrl,
          { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
          { redirect_uri: options.redirectUri },
        );
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = config.serverMetadata().issuer.includes(TENANT_PLACEHOLDER)
          ? await tenantGrant(config, options, grant)
          : await grant(config);
        claims = tokens.claims();
      } catch (error) {
        throw classify(error);
      }
      if (!claims) throw new SignInProblem("failed", "the token response carried no ID token");
      return identityOf(claims);
    },
  };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a multi-tenant authority's metadata names itself: the same address, or the same but for
 * one path segment where the configured one names the authority (consumers, common, organizations)
 * and the metadata a tenant's id or the placeholder.
 */
export function sameAuthority(configured: string, issuer: string): boolean {
  const want = new URL(configured.replace(/\/$/, ""));
  const got = new URL(issuer.replace(/\/$/, "").replace(TENANT_PLACEHOLDER, "00000000-0000-0000-0000-000000000000"));
  if (want.origin !== got.origin) return false;
  const wanted = want.pathname.split("/");
  const gotten = got.pathname.split("/");
  if (wanted.length !== gotten.length) return false;
  const differing = wanted.flatMap((segment, index) => (segment === gotten[index] ? [] : [index]));
  return differing.length === 0 || (differing.length === 1 && GUID.test(gotten[differing[0] as number] ?? ""));
}

/** The token endpoint's answer, kept by the first pass of a multi-tenant exchange. */
class TokenResponseKept extends Error {}

/**
 * The code exchange with a multi-tenant issuer. The issuer openid-client checks an ID token against
 * is fixed when its configuration is made, and the tenant is known only from the token; so the
 * first pass sends the code (with its PKCE verifier, after checking the state) and keeps the token
 * endpoint's answer unread; the second, under a configuration whose issuer is the template with
 * that answer's unverified tid in its place, checks the same answer in full: signature, issuer,
 * audience, expiry, nonce. A token whose tid and iss disagree fails the issuer check.
 */
async function tenantGrant(
  config: oidc.Configuration,
  options: OpenIdSignInOptions,
  grant: (configuration: oidc.Configuration) => Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers>,
): Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers> {
  // The helpers (supportsPKCE) are no metadata: a configuration is made of the rest.
  const { supportsPKCE: _helper, ...metadata } = config.serverMetadata();
  const tokenEndpoint = metadata.token_endpoint;
  let kept: Response | undefined;
  const first = configurationOf(metadata, options, async (url, init) => {
    const response = await fetch(url, init);
    if (url !== tokenEndpoint || !response.ok) return response;
    kept = response;
    throw new TokenResponseKept();
  });
  try {
    await grant(first);
  } catch (error) {
    if (!kept) throw error;
  }
  if (!kept) throw new SignInProblem("failed", "the token endpoint was not asked");
  const answer = kept;
  const body = (await answer
    .clone()
    .json()
    .catch(() => undefined)) as { id_token?: unknown } | undefined;
  const tenant = typeof body?.id_token === "string" ? unverifiedTenant(body.id_token) : undefined;
  if (!tenant) throw new SignInProblem("failed", "the ID token names no tenant (tid)");
  let served = false;
  const second = configurationOf({ ...metadata, issuer: metadata.issuer.replace(TENANT_PLACEHOLDER, tenant) }, options, (url, init) => {
    if (url !== tokenEndpoint) return fetch(url, init);
    if (served) throw new SignInProblem("failed", "the token endpoint was asked twice");
    served = true;
    return Promise.resolve(answer);
  });
  return grant(second);
}

/** The tid claim of an ID token not yet checked: it only chooses which issuer the full check expects. */
function unverifiedTenant(idToken: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as { tid?: unknown };
    // A tenant id is a GUID; nothing else may be spliced into the issuer.
    return typeof payload.tid === "string" && GUID.test(payload.tid) ? payload.tid : undefined;
  } catch {
    return undefined;
  }
}

function configurationOf(
  metadata: oidc.ServerMetadata,
  options: OpenIdSignInOptions,
  fetcher: (url: string, init: oidc.CustomFetchOptions) => Promise<Response>,
): oidc.Configuration {
  const configuration = new oidc.Configuration(metadata, options.clientId, undefined, oidc.ClientSecretPost(options.clientSecret));
  configuration.timeout = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  if (options.allowInsecureHttp) oidc.allowInsecureRequests(configuration);
  configuration[oidc.customFetch] = (url, init) => fetcher(url, init as oidc.CustomFetchOptions);
  return configuration;
}

/** Which problem a failure of openid-client (or of the network under it) is for the customer. */
function classify(error: unknown): SignInProblem {
  if (error instanceof SignInProblem) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    // access_denied: the person cancelled, or the provider declined on their behalf.
    return new SignInProblem(error.error === "access_denied" ? "cancelled" : "refused", `authorization response: ${error.error}`, {
      cause: error,
    });
  }
  if (error instanceof oidc.ResponseBodyError) {
    return new SignInProblem(error.status >= 500 ? "unreachable" : "failed", `token endpoint: ${error.error}`, { cause: error });
  }
  if (isNetworkFailure(error)) return new SignInProblem("unreachable", "the identity provider did not answer", { cause: error });
  const code = (error as { code?: unknown }).code;
  return new SignInProblem("failed", `${typeof code === "string" ? `${code}: ` : ""}${(error as Error).message}`, { cause: error });
}

/** A timeout, a refused connection, a name that does not resolve: anywhere in the cause chain. */
function isNetworkFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current.name === "TimeoutError" || current.name === "AbortError") return true;
    if (current instanceof TypeError && current.message === "fetch failed") return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR)/.test(code)) return true;
    // openid-client reports an unusable discovery answer (an HTML error page, say) this way.
    if (code === "OAUTH_RESPONSE_IS_NOT_CONFORM" || code === "OAUTH_RESPONSE_IS_NOT_JSON") return true;
  }
  return false;
}
