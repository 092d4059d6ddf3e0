import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildDemoApps, type DemoApps } from "../server/development/demo-apps/server.ts";
import { DEMO_PRODUCT_API } from "../server/development/demo-clients.ts";
import { addClient, ClientInputError, clientChecks, setClientIntrospects } from "../server/provider/clients.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { dpopProof, proofKey } from "./support/dpop.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";
import { freePort } from "./support/spawn-server.ts";

/**
 * A product API checks a desktop agent's DPoP-bound token (decision 69): registered as a client
 * of type api for the agents' client ids, it introspects their tokens and compares cnf.jkt with
 * the proof's key; any other client's tokens stay inactive to it.
 */
describeEachDatabase("a product API checks an agent's DPoP-bound token, on %s", (kind) => {
  let bed: OidcTestBed;
  let demo: DemoApps;
  let apiUrl: string;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    demo = await buildDemoApps({ issuer: bed.issuer, origin, clients: [], api: DEMO_PRODUCT_API });
    await demo.listen({ port, host: "127.0.0.1" });
    apiUrl = `${origin}/dsone/api/me`;
  });
  afterAll(async () => {
    await demo?.close();
    await bed?.server.stop();
  });

  /** Registers an api client and answers how it introspects. */
  async function apiClient(id: string, introspects: string[]) {
    const { secret } = await addClient(
      bed.server.db,
      { id, type: "api", brand: "dsone", redirectUris: [], postLogoutRedirectUris: [], introspects },
      clientChecks(bed.server.config),
    );
    const config = await client.discovery(new URL(bed.issuer), id, undefined, client.ClientSecretBasic(secret as string), {
      execute: [client.allowInsecureRequests],
    });
    return (token: string) => client.tokenIntrospection(config, token);
  }

  it("introspects the agent's token it is registered for: active, with the key's thumbprint; others' stay inactive", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const introspect = await apiClient(`agent-api-${kind}`, ["desktop-agent"]);
    const answer = await introspect(agent.tokens.access_token);
    expect(answer).toMatchObject({ active: true, sub: bed.accountId, client_id: "desktop-agent", token_type: "DPoP" });
    expect(answer.cnf).toEqual({ jkt: await agent.dpop.calculateThumbprint() });
    // An api registered for another client learns nothing of this one's tokens.
    await addClient(
      bed.server.db,
      {
        id: `other-app-${kind}`,
        type: "spa",
        brand: "dsone",
        redirectUris: ["http://127.0.0.1:4990/callback"],
        postLogoutRedirectUris: [],
      },
      clientChecks(bed.server.config),
    );
    const stranger = await apiClient(`other-api-${kind}`, [`other-app-${kind}`]);
    expect(await stranger(agent.tokens.access_token)).toEqual({ active: false });
    // Until the operator adds the agent to it.
    await setClientIntrospects(bed.server.db, `other-api-${kind}`, [`other-app-${kind}`, "desktop-agent"]);
    expect(await stranger(agent.tokens.access_token)).toMatchObject({ active: true, client_id: "desktop-agent" });
  });

  it("refuses an api registration that checks nothing, names no client, or signs anyone in", async () => {
    const register = (input: Partial<Parameters<typeof addClient>[1]>) =>
      addClient(bed.server.db, {
        id: `bad-api-${kind}`,
        type: "api",
        brand: "dsone",
        redirectUris: [],
        postLogoutRedirectUris: [],
        ...input,
      });
    await expect(register({ introspects: [] })).rejects.toThrow(/needs at least one --introspects/);
    await expect(register({ introspects: ["no-such-client"] })).rejects.toThrow(/no client with that id/);
    await expect(register({ introspects: ["desktop-agent"], redirectUris: ["https://api.example.com/cb"] })).rejects.toThrow(
      /takes no --redirect-uri/,
    );
    await expect(register({ introspects: [DEMO_PRODUCT_API.clientId] })).rejects.toThrow(/an api has no tokens to check/);
    await expect(register({ type: "web", introspects: ["desktop-agent"], redirectUris: ["https://app.example.com/cb"] })).rejects.toThrow(
      ClientInputError,
    );
    const row = await bed.server.db.selectFrom("oidc_clients").select("id").where("id", "=", `bad-api-${kind}`).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("the demo API answers the agent with its key, and refuses the token as Bearer, with another key, or with a replayed proof", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const token = agent.tokens.access_token;
    const response = await client.fetchProtectedResource(agent.config, token, new URL(apiUrl), "GET", undefined, undefined, {
      DPoP: agent.dpop,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: bed.accountId,
      client_id: "desktop-agent",
      scope: expect.stringContaining("openid"),
      jkt: await agent.dpop.calculateThumbprint(),
    });

    const call = (headers: Record<string, string>) => fetch(apiUrl, { headers });
    const bearer = await call({ authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);

    const proof = await dpopProof(agent.key, { htm: "GET", htu: apiUrl, accessToken: token });
    expect((await call({ authorization: `DPoP ${token}`, dpop: proof })).status).toBe(200);
    const replayed = await call({ authorization: `DPoP ${token}`, dpop: proof });
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get("www-authenticate")).toMatch(/error="invalid_dpop_proof".*used before/);

    const thief = await proofKey();
    const stolen = await call({
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(thief, { htm: "GET", htu: apiUrl, accessToken: token }),
    });
    expect(stolen.status).toBe(401);
    expect(stolen.headers.get("www-authenticate")).toMatch(/error="invalid_token".*another key/);

    const elsewhere = await call({
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(agent.key, { htm: "GET", htu: `${bed.issuer}/connect/userinfo`, accessToken: token }),
    });
    expect(elsewhere.headers.get("www-authenticate")).toMatch(/error="invalid_dpop_proof".*htu/);
    const old = await call({
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(agent.key, { htm: "GET", htu: apiUrl, accessToken: token, iat: Math.floor(Date.now() / 1000) - 900 }),
    });
    expect(old.headers.get("www-authenticate")).toMatch(/error="invalid_dpop_proof".*iat/);
    const otherToken = await call({
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(agent.key, { htm: "GET", htu: apiUrl, accessToken: "another-token" }),
    });
    expect(otherToken.headers.get("www-authenticate")).toMatch(/error="invalid_dpop_proof".*ath/);
  });

  it("refuses the agent's token once the customer signed the agent out", async () => {
    const agent = await desktopAgentSignIn(bed, new BrowserAgent());
    const token = agent.tokens.access_token;
    const revoke = await client.tokenRevocation(agent.config, token);
    expect(revoke).toBeUndefined();
    const answer = await fetch(apiUrl, {
      headers: { authorization: `DPoP ${token}`, dpop: await dpopProof(agent.key, { htm: "GET", htu: apiUrl, accessToken: token }) },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/error="invalid_token".*not active/);
  });
});
