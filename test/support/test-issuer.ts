import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A local OpenID Connect issuer that signs ID tokens as a test tells it to: discovery, keys and a
 * token endpoint. By default it behaves as Google does (its own issuer, the client as audience,
 * the nonce of the authorization request, a verified email); `idToken` overrides any claim, and
 * `tokenDelayMs` makes the token endpoint slow. It records what the client sent.
 */
export interface IssuedClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  nonce?: string;
}

export class TestIssuer {
  readonly clientId = "test-client.apps.example";
  readonly clientSecret = "test-client-secret";
  url = "";
  /** Claims of the next ID token, over the defaults; a function sees the defaults. */
  idToken: (defaults: IssuedClaims) => IssuedClaims = (defaults) => defaults;
  /** The nonce of the next token (taken from the authorization URL by the test). */
  nonce = "";
  tokenDelayMs = 0;
  readonly tokenRequests: URLSearchParams[] = [];
  readonly #server: Server;
  #key: CryptoKey | undefined;
  #jwk: object | undefined;

  constructor() {
    this.#server = createServer((request, response) => {
      void this.#answer(request.url ?? "/", request, response);
    });
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    this.#key = privateKey;
    this.#jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #answer(path: string, request: IncomingMessage, response: ServerResponse) {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (path === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        jwks_uri: `${this.url}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (path === "/jwks") return json(200, { keys: [this.#jwk] });
    if (path === "/token" && request.method === "POST") {
      let body = "";
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      this.tokenRequests.push(form);
      if (this.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, this.tokenDelayMs));
      if (form.get("client_id") !== this.clientId || form.get("client_secret") !== this.clientSecret) {
        return json(401, { error: "invalid_client" });
      }
      const now = Math.floor(Date.now() / 1000);
      const claims = this.idToken({
        iss: this.url,
        aud: this.clientId,
        sub: "110169484474386276334",
        iat: now,
        exp: now + 3600,
        nonce: this.nonce,
        email: "pat@example.com",
        email_verified: true,
      });
      const idToken = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(this.#key as CryptoKey);
      return json(200, { access_token: "access-token", token_type: "Bearer", expires_in: 3600, id_token: idToken });
    }
    return json(404, { error: "not_found" });
  }
}
