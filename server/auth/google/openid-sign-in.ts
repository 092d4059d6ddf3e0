import * as oidc from "openid-client";
import type { SocialSignInProblem } from "../../../common/social-sign-in.ts";
import { keptUntilFailure } from "../../base/kept-promise.ts";

/**
 * The relying-party side of OpenID Connect (Google, or the development stand-in), with
 * openid-client: the authorization code flow with PKCE (S256), state and nonce. openid-client
 * checks the ID token's signature (against the issuer's published keys), issuer, audience,
 * expiry, issued-at and nonce; this module adds the email_verified rule and turns every failure
 * into one of the problems a customer is shown.
 */
export interface OpenIdSignInOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  timeoutMs: number;
  /** Plain http to the issuer: only for a local issuer outside production (the stand-in, tests). */
  allowInsecureHttp?: boolean;
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

export class SignInProblem extends Error {
  readonly problem: SocialSignInProblem;
  constructor(problem: SocialSignInProblem, detail: string, options?: ErrorOptions) {
    super(detail, options);
    this.problem = problem;
  }
}

export interface OpenIdSignIn {
  authorizationUrl(checks: SignInChecks): Promise<URL>;
  /** Completes the exchange from the callback address the provider sent the browser to. */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<VerifiedIdentity>;
}

export function newSignInChecks(): SignInChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
}

export function openIdSignIn(options: OpenIdSignInOptions): OpenIdSignIn {
  // The issuer's metadata is read once and kept; a failed read is tried again next time.
  const discovered = keptUntilFailure(() =>
    oidc.discovery(new URL(options.issuerUrl), options.clientId, undefined, oidc.ClientSecretPost(options.clientSecret), {
      timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
      execute: options.allowInsecureHttp ? [oidc.allowInsecureRequests] : [],
    }),
  );
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
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          callbackUrl,
          { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
          { redirect_uri: options.redirectUri },
        );
        claims = tokens.claims();
      } catch (error) {
        throw classify(error);
      }
      if (!claims) throw new SignInProblem("failed", "the token response carried no ID token");
      const email = typeof claims.email === "string" ? claims.email.trim() : "";
      if (!email) throw new SignInProblem("failed", "the ID token carried no email");
      // Only an address the provider has verified may find an account.
      if (claims.email_verified !== true) throw new SignInProblem("unverified", "the ID token's email is not verified");
      return { subject: claims.sub, email };
    },
  };
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
