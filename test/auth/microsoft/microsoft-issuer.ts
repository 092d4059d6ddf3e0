import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A local stand-in for Microsoft's common authority, built with jose: discovery whose issuer names
 * {tenantid} (as Microsoft's common, consumers and organizations authorities do), keys, and a
 * token endpoint that signs v2.0 ID tokens with the tenant's id in their issuer. By default it
 * issues a personal account's token; `idToken` overrides any claim (a work tenant, xms_edov, a
 * forged issuer…). It records what the client sent.
 */
export const PERSONAL_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
export const WORK_TENANT = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";

export interface MicrosoftClaims extends JWTPayload {
  email?: string;
  tid?: string;
  oid?: string;
  nonce?: string;
  xms_edov?: boolean;
}

export class MicrosoftIssuer {
  readonly clientId = "6731de76-14a6-49ae-97bc-6eba6914391e";
  readonly clientSecret = "test-microsoft-secret";
  url = "";
  /** Claims of the next ID token over the defaults; a function sees the defaults. */
  idToken: (defaults: MicrosoftClaims) => MicrosoftClaims = (defaults) => defaults;
  /** The nonce of the next token (taken from the authorization URL by the test). */
  nonce = "";
  readonly tokenRequests: URLSearchParams[] = [];
  readonly #server: Server;
  #key: CryptoKey | undefined;
  #jwk: object | undefined;

  constructor() {
    this.#server = createServer((request, response) => {
      void this.#answer(request.url ?? "/", request, response);
    });
  }

  /** The authority's address, as MICROSOFT_ISSUER_URL names it. */
  get authority(): string {
    return `${this.url}/common/v2.0`;
  }

  /** The issuer an ID token of the tenant carries. */
  issuerOf(tenant: string): string {
    return `${this.url}/${tenant}/v2.0`;
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    this.#key = privateKey;
    this.#jwk = { ...(await exportJWK(publicKey)), kid: "microsoft-test-key", alg: "RS256", use: "sig" };
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
    if (path === "/common/v2.0/.well-known/openid-configuration") {
      return json(200, {
        issuer: `${this.url}/{tenantid}/v2.0`,
        authorization_endpoint: `${this.url}/common/oauth2/v2.0/authorize`,
        token_endpoint: `${this.url}/common/oauth2/v2.0/token`,
        jwks_uri: `${this.url}/common/discovery/v2.0/keys`,
        response_types_supported: ["code", "id_token", "code id_token"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (path === "/common/discovery/v2.0/keys") return json(200, { keys: [this.#jwk] });
    if (path === "/common/oauth2/v2.0/token" && request.method === "POST") {
      let body = "";
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      this.tokenRequests.push(form);
      if (form.get("client_id") !== this.clientId || form.get("client_secret") !== this.clientSecret) {
        return json(401, { error: "invalid_client" });
      }
      const now = Math.floor(Date.now() / 1000);
      const defaults: MicrosoftClaims = {
        ver: "2.0",
        iss: this.issuerOf(PERSONAL_TENANT),
        aud: this.clientId,
        sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
        iat: now,
        nbf: now,
        exp: now + 3600,
        nonce: this.nonce,
        email: "pat@outlook.example",
        tid: PERSONAL_TENANT,
        oid: "00000000-0000-0000-66f3-3332eca7ea81",
      };
      const claims = this.idToken(defaults);
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "microsoft-test-key", typ: "JWT" })
        .sign(this.#key as CryptoKey);
      return json(200, { access_token: "access-token", token_type: "Bearer", expires_in: 3600, id_token: idToken });
    }
    return json(404, { error: "not_found" });
  }
}
