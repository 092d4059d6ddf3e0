import * as client from "openid-client";

/**
 * A real OpenID client's first steps against the account server (openid-client): discovery, and
 * an authorization request with PKCE, state and nonce. Apart from oidc-flow.ts so that the
 * end-to-end tests use them without loading the server.
 */
export async function discover(issuer: string, clientId: string, auth: client.ClientAuth = client.None()) {
  return client.discovery(new URL(issuer), clientId, undefined, auth, { execute: [client.allowInsecureRequests] });
}

export async function startAuthorization(config: client.Configuration, redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile license",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { url: url.href, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce } };
}
