import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A local OpenID Connect issuer that signs ID tokens as a test tells it to: discovery, keys and a
 * token endpoint. By default it behaves as Google does (its own issuer, the client as audience,
 * the nonce of the authorization request, a verified email); `idToken` overrides any claim, and
 * `tokenDelayMs` makes the token endpoint slow. It records what the client sent.
 *
 * It also plays Google's Cross-Account Protection: its risc-configuration names its issuer (with
 * Google's trailing slash) and its keys, and `securityEvent` signs a security event token with
 * its key, or with a key it does not publish (`signedBy: "stranger"`).
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
  #strangerKey: CryptoKey | undefined;
  #sequence = 0;

  constructor() {
    this.#server = createServer((request, response) => {
      void this.#answer(request.url ?? "/", request, response);
    });
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    this.#key = privateKey;
    this.#jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
    this.#strangerKey = (await generateKeyPair("RS256")).privateKey;
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** The issuer of its security event tokens, as Google's: the address with a trailing slash. */
  get riscIssuer(): string {
    return `${this.url}/`;
  }

  /**
   * A security event token of one event about `subject` (an iss-sub subject of this issuer), as
   * Google signs it; `claims` and `header` override any part, `signedBy: "stranger"` signs it
   * with a key the issuer does not publish (under the published key's id).
   */
  async securityEvent(
    type: string,
    subject: string,
    {
      event = {},
      claims = {},
      header = {},
      signedBy = "issuer",
    }: { event?: Record<string, unknown>; claims?: JWTPayload; header?: Record<string, unknown>; signedBy?: "issuer" | "stranger" } = {},
  ): Promise<string> {
    this.#sequence += 1;
    const payload: JWTPayload = {
      iss: this.riscIssuer,
      aud: this.clientId,
      iat: Math.floor(Date.now() / 1000),
      jti: `risc-${this.#sequence}-${Math.random().toString(36).slice(2)}`,
      events: { [type]: { subject: { subject_type: "iss-sub", iss: this.riscIssuer, sub: subject }, ...event } },
      ...claims,
    };
    const key = signedBy === "issuer" ? this.#key : this.#strangerKey;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "secevent+jwt", ...header })
      .sign(key as CryptoKey);
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
    if (path === "/.well-known/risc-configuration") {
      return json(200, {
        issuer: this.riscIssuer,
        jwks_uri: `${this.url}/jwks`,
        delivery_methods_supported: ["https://schemas.openid.net/secevent/risc/delivery-method/push"],
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
