import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";

/**
 * oidc-provider with nothing of ours around it, for bench/ceilings.ts: the account server's
 * token work (a public client with PKCE, DPoP-bound tokens, an RS256 ID token, a rotated refresh
 * token) against an adapter that keeps everything in a Map, so no statement, rate limit or
 * framework of ours is in the path. The codes are minted at start, each with its own grant, and
 * handed out once at /codes; the bench redeems them and refreshes the tokens they give.
 */
const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;

/** oidc-provider's own in-memory adapter is an LRU of 1,000 entries: too few for the codes minted ahead. */
const stores = new Map<string, Map<string, Record<string, unknown>>>();
class MapAdapter {
  readonly #store: Map<string, Record<string, unknown>>;
  constructor(name: string) {
    this.#store = stores.get(name) ?? new Map();
    stores.set(name, this.#store);
  }
  async upsert(id: string, payload: Record<string, unknown>) {
    this.#store.set(id, payload);
  }
  async find(id: string) {
    return this.#store.get(id);
  }
  async findByUid(uid: string) {
    for (const payload of this.#store.values()) if (payload.uid === uid) return payload;
    return undefined;
  }
  async findByUserCode() {
    return undefined;
  }
  async consume(id: string) {
    const payload = this.#store.get(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    this.#store.delete(id);
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, payload] of this.#store) if (payload.grantId === grantId) this.#store.delete(id);
  }
}

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const provider = new Provider(issuer, {
  adapter: MapAdapter,
  clients: [
    {
      client_id: "agent",
      token_endpoint_auth_method: "none",
      application_type: "native",
      redirect_uris: ["http://127.0.0.1:9/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  ],
  jwks: { keys: [{ ...(privateKey.export({ format: "jwk" }) as Record<string, unknown>), kid: "ceiling", alg: "RS256", use: "sig" }] },
  pkce: { required: () => true },
  // Long enough for every code minted at start to be redeemed on a busy machine; as the account
  // server's ID and access tokens live an hour, and its refresh tokens far longer.
  ttl: { AuthorizationCode: 3_600, IdToken: 3_600, AccessToken: 3_600, RefreshToken: 30 * 86_400, Grant: 30 * 86_400 },
  features: {
    devInteractions: { enabled: false },
    dPoP: { enabled: true, nonceSecret: Buffer.alloc(32, 7), requireNonce: () => false, allowReplay: false },
  },
  enabledJWA: { dPoPSigningAlgValues: ["ES256", "Ed25519"] },
  scopes: ["openid", "offline_access", "email", "profile"],
  claims: { email: ["email"], profile: ["name"] },
  issueRefreshToken: async () => true,
  rotateRefreshToken: () => true,
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, email: "ceiling@example.com", name: "Ceiling" }) }),
});

const codes: string[] = [];
const client = await provider.Client.find("agent");
if (!client) throw new Error("the agent client is not registered");
for (let index = 0; index < Number(process.env.CODES); index++) {
  const grant = new provider.Grant({ accountId: `account-${index}`, clientId: "agent" });
  grant.addOIDCScope("openid offline_access email profile");
  const code = new provider.AuthorizationCode({
    accountId: `account-${index}`,
    client,
    grantId: await grant.save(),
    gty: "authorization_code",
    redirectUri: "http://127.0.0.1:9/callback",
    scope: "openid offline_access email profile",
    codeChallenge: process.env.CODE_CHALLENGE as string,
    codeChallengeMethod: "S256",
    authTime: Math.floor(Date.now() / 1000),
    sessionUid: `session-${index}`,
    nonce: `nonce-${index}`,
  });
  codes.push(await code.save());
}

const callback = provider.callback();
createServer((request, response) => {
  if (request.url !== "/codes") return callback(request, response);
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(codes.splice(0)));
}).listen(port, "127.0.0.1", () => console.log("listening"));
