import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { startTestServer, type TestServer } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { type OidcTestBed, passwordSignIn } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";
import { freePort } from "../../support/spawn-server.ts";

/**
 * What the signed-in page tells the browser's passkey provider (docs/decisions/0085): the account's
 * RP ID, the user handle its passkeys were made with, its email and name, and its passkeys' ids, in
 * GET /api/me and in a passkey sign-in's answer; of the signed-in account only. On localhost, where
 * passkeys can run (an address literal cannot be a relying party, and then nothing is sent).
 */
describeEachDatabase("the passkey user on %s", (kind) => {
  let bed: OidcTestBed;
  let other: OidcTestBed;

  beforeAll(async () => {
    const port = await freePort();
    const server: TestServer = await startTestServer(kind, { PUBLIC_URL: `http://localhost:${port}`, ...unlimitedRateLimits() });
    await server.app.listen({ port, host: "localhost" });
    const owner = { email: "signals.owner@example.com", password: "correct horse battery" };
    const stranger = { email: "signals.other@example.com", password: "correct horse battery" };
    const made = await createAccount(server.db, { ...owner, product: "dsone", name: "" });
    const strangerMade = await createAccount(server.db, { ...stranger, product: "dsone", name: "Sam Other" });
    bed = { server, issuer: server.config.publicUrl, ...owner, accountId: made.id };
    other = { server, issuer: server.config.publicUrl, ...stranger, accountId: strangerMade.id };
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown = {}) =>
    browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify(body),
    });
  const me = async (browser: BrowserAgent) =>
    (await (await browser.request(`${bed.issuer}/api/me`, { headers: { origin: bed.issuer } })).json()) as MyAccount;

  it("names the account's passkeys and details to its own browser, after a removal too, and in a passkey sign-in's answer", async () => {
    const browser = new BrowserAgent();
    const authenticator = new SoftAuthenticator(bed.issuer);
    await passwordSignIn(bed, browser);
    const userId = Buffer.from(bed.accountId).toString("base64url");
    // No passkey yet: the list is empty, which tells a provider to keep none of this account's.
    expect((await me(browser)).passkeyUser).toEqual({
      rpId: "localhost",
      userId,
      name: bed.email,
      displayName: bed.email,
      credentialIds: [],
    });

    // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
    const { options } = (await (await post(browser, "/api/passkey/register/options", { ProductId: 6 })).json()) as { options: any };
    // The handle sent is the one the passkey is made with.
    expect(options.user.id).toBe(userId);
    const made = await post(browser, "/api/passkey/register", { credential: authenticator.create(options) });
    expect(made.status).toBe(200);
    const { id } = ((await made.json()) as { passkey: { id: string } }).passkey;
    expect((await me(browser)).passkeyUser?.credentialIds).toEqual([id]);

    // Another account's browser sees its own details only.
    const stranger = new BrowserAgent();
    await passwordSignIn(other, stranger);
    expect((await me(stranger)).passkeyUser).toMatchObject({
      userId: Buffer.from(other.accountId).toString("base64url"),
      credentialIds: [],
    });

    // A passkey sign-in answers the account's details with where to go.
    const elsewhere = new BrowserAgent();
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const signIn = (await (await post(elsewhere, "/api/passkey/sign-in/options")).json()) as { options: any };
    const answer = await post(elsewhere, "/api/passkey/sign-in", { credential: authenticator.get(signIn.options), ProductId: 6 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      isOk: true,
      passkeyUser: { rpId: "localhost", userId, name: bed.email, displayName: bed.email, credentialIds: [id] },
    });

    // Renamed, then the passkey removed: the next load says so.
    expect((await post(browser, "/api/me/name", { Name: "Sig Owner" })).status).toBe(200);
    expect((await post(browser, "/api/me/passkeys/remove", { id })).status).toBe(200);
    expect((await me(browser)).passkeyUser).toMatchObject({ displayName: "Sig Owner", credentialIds: [] });
  });

  it("tells a browser that is not signed in nothing", async () => {
    const response = await new BrowserAgent().request(`${bed.issuer}/api/me`, { headers: { origin: bed.issuer } });
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).not.toContain("userId");
  });
});
