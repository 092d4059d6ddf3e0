import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as client from "openid-client";

/**
 * The simulated agent's own sign-in at the account server, as the real agent's must be (docs/integrating.md,
 * "DPoP for a product's desktop agent"): a native OpenID client with PKCE and a loopback redirect
 * on a port of its choosing (RFC 8252), its tokens bound to a DPoP key it holds (RFC 9449).
 */
export interface AgentSignInOptions {
  /** The account server (its PUBLIC_URL). */
  issuer: string;
  /** The agent's registered client id (the demo agent's by default). */
  clientId?: string;
  /** Opens the authorization address in the customer's browser (the CLI prints it). */
  open: (url: string) => Promise<void> | void;
  /** How long the customer has to sign in. */
  timeoutMs?: number;
}

export interface AgentSession {
  tokens: client.TokenEndpointResponse;
  /** The thumbprint of the agent's key: what its tokens are bound to (cnf.jkt). */
  thumbprint: string;
  /** A refresh, with a proof of the same key. */
  refresh(): Promise<client.TokenEndpointResponse>;
  /** The account server's userinfo for the current access token, with a proof. */
  userinfo(): Promise<client.UserInfoResponse>;
}

/**
 * A P-256 key whose private half cannot be exported, as the real agent makes one in the OS key
 * store (the TPM, the Secure Enclave): the simulator keeps it only in memory, for one run.
 */
function agentKey(): Promise<client.CryptoKeyPair> {
  return client.randomDPoPKeyPair("ES256", { extractable: false });
}

export async function signInAgent(options: AgentSignInOptions): Promise<AgentSession> {
  const issuer = new URL(options.issuer);
  const config = await client.discovery(
    issuer,
    options.clientId ?? "desktop-agent",
    undefined,
    client.None(),
    // Development and tests run the account server over plain http on this machine.
    issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : {},
  );
  const key = await agentKey();
  const dpop = client.getDPoPHandle(config, key);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();

  let arrived: (url: URL) => void = () => {};
  const callback = new Promise<URL>((resolve) => {
    arrived = resolve;
  });
  const listener = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("The desktop app is signed in. You can close this page.");
    arrived(url);
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile license offline_access",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    await options.open(url.href);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("nobody signed the agent in in time")), options.timeoutMs ?? 300_000);
    });
    const returned = await Promise.race([callback, timeout]);
    const answered = new URL(returned.pathname + returned.search, redirectUri);
    let tokens = await client.authorizationCodeGrant(config, answered, { pkceCodeVerifier: verifier, expectedState: state }, undefined, {
      DPoP: dpop,
    });
    return {
      get tokens() {
        return tokens;
      },
      thumbprint: await dpop.calculateThumbprint(),
      async refresh() {
        tokens = await client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP: dpop });
        return tokens;
      },
      userinfo: () => client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck, { DPoP: dpop }),
    };
  } finally {
    clearTimeout(timer);
    listener.close();
  }
}
