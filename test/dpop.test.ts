import { createHash } from "node:crypto";
import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pruneDpopProofs } from "../server/provider/dpop.ts";
import type { RunningServer } from "../server/server.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { dpopProof, type ProofKey, proofKey, userinfoStatus } from "./support/dpop.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { authorize, desktopAgentSignIn, discover, type OidcTestBed, startOidcTestBed, startSecondInstance } from "./support/oidc-flow.ts";
import { freePort } from "./support/spawn-server.ts";

/**
 * DPoP for desktop agents (RFC 9449, docs/decisions/0068): tokens bound to the agent's key, proofs
 * checked and each used once across two instances on one database, refusals counted.
 */
describeEachDatabase("DPoP for desktop agents, on %s", (kind) => {
  let bed: OidcTestBed;
  let second: RunningServer;
  let secondUrl: string;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
    ({ server: second, url: secondUrl } = await startSecondInstance(bed));
  });
  afterAll(async () => {
    await second?.close();
    await bed?.server.stop();
  });

  const tokenUrl = () => `${bed.issuer}/connect/token`;

  /** A refresh posted by hand to `at` (this instance or the other), with `proof` if given. */
  async function refreshAt(at: string, refreshToken: string, proof?: string) {
    const response = await fetch(`${at}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(proof ? { dpop: proof } : {}) },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "desktop-agent" }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, nonce: response.headers.get("dpop-nonce") };
  }

  async function refusals(reason: string): Promise<number> {
    let total = 0;
    for (const server of [bed.server, second]) {
      const metric = await server.telemetry.metrics.registry.getSingleMetric("account_dpop_refusals_total")?.get();
      total += metric?.values.find((value) => value.labels.reason === reason)?.value ?? 0;
    }
    return total;
  }

  it("is advertised for ES256 and Ed25519 only", async () => {
    const discovery = (await (await fetch(`${bed.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.dpop_signing_alg_values_supported).toEqual(["ES256", "Ed25519"]);
  });

  it("binds the agent's tokens to its key: token_type DPoP, and userinfo refuses the token as Bearer", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    expect(agent.tokens.token_type).toBe("dpop");
    expect(await client.fetchUserInfo(agent.config, agent.tokens.access_token, bed.accountId, { DPoP: agent.dpop })).toMatchObject({
      sub: bed.accountId,
    });
    expect(await userinfoStatus(bed.issuer, agent.tokens.access_token, agent.key)).toBe(200);
    const bearer = await fetch(`${bed.issuer}/connect/userinfo`, { headers: { authorization: `Bearer ${agent.tokens.access_token}` } });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    // A proof of another key does not make it usable either.
    expect(await userinfoStatus(bed.issuer, agent.tokens.access_token, await proofKey())).toBe(401);
  });

  it("refuses a refresh without the key or with another key; with the key it refreshes, still bound", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const refreshToken = agent.tokens.refresh_token as string;
    const missingBefore = await refusals("missing");
    const keyBefore = await refusals("key");
    await expect(client.refreshTokenGrant(agent.config, refreshToken)).rejects.toMatchObject({ error: "invalid_grant" });
    const stranger = client.getDPoPHandle(agent.config, await client.randomDPoPKeyPair());
    await expect(client.refreshTokenGrant(agent.config, refreshToken, undefined, { DPoP: stranger })).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await refusals("missing")).toBe(missingBefore + 1);
    expect(await refusals("key")).toBe(keyBefore + 1);
    // Neither refusal spent the token: its holder, with the key, refreshes, and the new pair is bound too.
    const refreshed = await client.refreshTokenGrant(agent.config, refreshToken, undefined, { DPoP: agent.dpop });
    expect(refreshed.token_type).toBe("dpop");
    await expect(client.refreshTokenGrant(agent.config, refreshed.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await userinfoStatus(bed.issuer, refreshed.access_token, agent.key)).toBe(200);
  });

  it("refuses a code redeemed without a proof by a client registered for DPoP", async () => {
    const before = await refusals("missing");
    const browser = new BrowserAgent();
    const agent = await desktopAgentSignIn(bed, browser);
    const pending = await authorize(bed, browser, agent.config, agent.redirectUri);
    await expect(client.authorizationCodeGrant(agent.config, pending.callbackUrl, pending.checks)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await refusals("missing")).toBe(before + 1);
  });

  it("refuses a proof replayed to the other instance, at the token endpoint and at userinfo", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const before = await refusals("replay");
    const proof = await dpopProof(agent.key, { htm: "POST", htu: tokenUrl() });
    const first = await refreshAt(bed.issuer, agent.tokens.refresh_token as string, proof);
    expect(first.status).toBe(200);
    expect(first.body.token_type).toBe("DPoP");
    const replayed = await refreshAt(secondUrl, first.body.refresh_token as string, proof);
    expect(replayed).toMatchObject({
      status: 400,
      body: { error: "invalid_dpop_proof", error_description: "DPoP proof JWT replay detected" },
    });
    // The same proof sent to both instances at once: one answer, whichever wins.
    const accessToken = first.body.access_token as string;
    for (let round = 0; round < 5; round++) {
      const userinfoProof = await dpopProof(agent.key, { htm: "GET", htu: `${bed.issuer}/connect/userinfo`, accessToken });
      const statuses = await Promise.all(
        [bed.issuer, secondUrl].map(
          async (at) =>
            (await fetch(`${at}/connect/userinfo`, { headers: { authorization: `DPoP ${accessToken}`, dpop: userinfoProof } })).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 401]);
    }
    expect(await refusals("replay")).toBe(before + 6);
  });

  it("keeps each proof's jti, hashed with its client, for 10 minutes, and the housekeeping drops it after", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const jti = `jti-${kind}-${Date.now()}`;
    const sent = Date.now();
    expect(await userinfoStatus(bed.issuer, agent.tokens.access_token, agent.key, jti)).toBe(200);
    const jtiHash = createHash("sha256").update(`desktop-agent\0${jti}`).digest("hex");
    const row = await bed.server.db.selectFrom("dpop_proofs").selectAll().where("jti_hash", "=", jtiHash).executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThanOrEqual(Math.floor(sent / 1000) * 1000 + 600_000);
    expect(row.expires_at).toBeLessThanOrEqual(sent + 601_000);
    await pruneDpopProofs(bed.server.db, row.expires_at - 1);
    expect(await bed.server.db.selectFrom("dpop_proofs").select("jti_hash").where("jti_hash", "=", jtiHash).execute()).toHaveLength(1);
    await pruneDpopProofs(bed.server.db, row.expires_at);
    expect(await bed.server.db.selectFrom("dpop_proofs").select("jti_hash").where("jti_hash", "=", jtiHash).execute()).toHaveLength(0);
  });

  it("refuses a wrong htm or htu, an old iat and an unsupported algorithm, each with RFC 9449's error, and counts each", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const refreshToken = agent.tokens.refresh_token as string;
    const cases: [string, () => Promise<string>, string, string][] = [
      ["htm", () => dpopProof(agent.key, { htm: "GET", htu: tokenUrl() }), "invalid_dpop_proof", "DPoP proof htm mismatch"],
      [
        "htu",
        () => dpopProof(agent.key, { htm: "POST", htu: `${bed.issuer}/connect/userinfo` }),
        "invalid_dpop_proof",
        "DPoP proof htu mismatch",
      ],
      [
        "htu",
        () => dpopProof(agent.key, { htm: "POST", htu: `${secondUrl}/connect/token` }),
        "invalid_dpop_proof",
        "DPoP proof htu mismatch",
      ],
      // An old iat is answered with a nonce to use instead (RFC 9449 section 8): an agent whose
      // clock is wrong can still sign in; the old proof itself is refused.
      [
        "iat",
        () => dpopProof(agent.key, { htm: "POST", htu: tokenUrl(), iat: Math.floor(Date.now() / 1000) - 600 }),
        "use_dpop_nonce",
        "DPoP proof iat is not recent enough, use a DPoP nonce instead",
      ],
      [
        "alg",
        async () => dpopProof((await proofKey("RS256")) as ProofKey, { htm: "POST", htu: tokenUrl() }, "RS256"),
        "invalid_dpop_proof",
        "invalid DPoP key binding",
      ],
      [
        "alg",
        async () => dpopProof((await proofKey("ES384")) as ProofKey, { htm: "POST", htu: tokenUrl() }, "ES384"),
        "invalid_dpop_proof",
        "invalid DPoP key binding",
      ],
    ];
    for (const [reason, proof, error, description] of cases) {
      const before = await refusals(reason);
      const answer = await refreshAt(bed.issuer, refreshToken, await proof());
      expect({ reason, ...answer.body }).toEqual({ reason, error, error_description: description });
      expect(answer.status, reason).toBe(400);
      expect(await refusals(reason), reason).toBe(before + 1);
    }
    // None of them spent the refresh token.
    expect((await client.refreshTokenGrant(agent.config, refreshToken, undefined, { DPoP: agent.dpop })).token_type).toBe("dpop");
  });

  it("takes a nonce one instance gave at the other: the nonce secret is shared", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const old = Math.floor(Date.now() / 1000) - 600;
    const asked = await refreshAt(
      bed.issuer,
      agent.tokens.refresh_token as string,
      await dpopProof(agent.key, { htm: "POST", htu: tokenUrl(), iat: old }),
    );
    expect(asked.body.error).toBe("use_dpop_nonce");
    expect(asked.nonce).toBeTruthy();
    const proof = await dpopProof(agent.key, { htm: "POST", htu: tokenUrl(), iat: old, nonce: asked.nonce as string });
    const answered = await refreshAt(secondUrl, agent.tokens.refresh_token as string, proof);
    expect(answered.status).toBe(200);
    expect(answered.body.token_type).toBe("DPoP");
  });

  it("keeps an agent registered before DPoP working without it: its client stays optional", async () => {
    // A native client's row as it was before migration 0019: no dpop value, so the column's default.
    const id = `earlier-agent-${kind}`;
    await bed.server.db
      .insertInto("oidc_clients")
      .values({
        id,
        type: "native",
        brand: "dsone",
        redirect_uris: JSON.stringify(["http://127.0.0.1/callback"]),
        post_logout_redirect_uris: "[]",
        secret_hash: null,
        backchannel_logout_uri: null,
        created_at: Date.now(),
      })
      .execute();
    const row = await bed.server.db.selectFrom("oidc_clients").select("dpop").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.dpop).toBe("optional");
    const config = await discover(bed.issuer, id);
    const browser = new BrowserAgent();
    const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
    const { callbackUrl, checks } = await authorize(bed, browser, config, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, checks);
    expect(tokens.token_type).toBe("bearer");
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    expect(refreshed.token_type).toBe("bearer");
    expect(await userinfoStatus(bed.issuer, refreshed.access_token)).toBe(200);
    // Once such an agent sends proofs, its tokens are bound as a required client's are.
    const pending = await authorize(bed, browser, config, redirectUri);
    const DPoP = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
    const bound = await client.authorizationCodeGrant(config, pending.callbackUrl, pending.checks, undefined, { DPoP });
    expect(bound.token_type).toBe("dpop");
    await expect(client.refreshTokenGrant(config, bound.refresh_token as string)).rejects.toMatchObject({ error: "invalid_grant" });
  });
});
