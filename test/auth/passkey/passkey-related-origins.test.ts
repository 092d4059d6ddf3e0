import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { startTestServer } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { type OidcTestBed, passwordSignIn } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";
import { freePort } from "../../support/spawn-server.ts";

/**
 * A sign-in site moved to a new host keeps its customers' passkeys (docs/decisions/0085): it keeps
 * the old relying-party ID, lists itself in PASSKEY_RELATED_ORIGINS, and the old host serves that
 * list at /.well-known/webauthn, where the browser reads whether the new origin may use the ID.
 * The server makes and verifies passkeys under the old ID from the new origin, and still refuses
 * any other origin.
 */
describeEachDatabase("a sign-in site moved to a new host, on %s", (kind) => {
  let bed: OidcTestBed;
  const OLD_RP_ID = "signin.old-example.com";

  beforeAll(async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const server = await startTestServer(kind, {
      PUBLIC_URL: issuer,
      PASSKEY_RP_ID: OLD_RP_ID,
      PASSKEY_RELATED_ORIGINS: `${issuer}, https://${OLD_RP_ID}`,
      ...unlimitedRateLimits(),
    });
    await server.app.listen({ port, host: "127.0.0.1" });
    const customer = { email: "moved.customer@example.com", password: "correct horse battery" };
    const account = await createAccount(server.db, { ...customer, product: "dsone" });
    bed = { server, issuer, ...customer, accountId: account.id };
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

  it("makes and signs in with a passkey of the old relying-party ID from the new origin, and refuses another origin", async () => {
    const served = await bed.server.app.inject({ method: "GET", url: "/.well-known/webauthn" });
    expect(served.json()).toEqual({ origins: [bed.issuer, `https://${OLD_RP_ID}`] });

    const owner = new BrowserAgent();
    await passwordSignIn(bed, owner);
    // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
    const { options } = (await (await post(owner, "/api/passkey/register/options", { ProductId: 6 })).json()) as { options: any };
    expect(options.rp.id).toBe(OLD_RP_ID);
    const authenticator = new SoftAuthenticator(bed.issuer);
    expect((await post(owner, "/api/passkey/register", { credential: authenticator.create(options), ProductId: 6 })).status).toBe(200);

    const elsewhere = new BrowserAgent();
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const ask = async () => ((await (await post(elsewhere, "/api/passkey/sign-in/options")).json()) as { options: any }).options;
    const first = await ask();
    expect(first.rpId).toBe(OLD_RP_ID);
    const foreign = await post(elsewhere, "/api/passkey/sign-in", {
      credential: authenticator.get(first, { origin: "https://phish.example" }),
      ProductId: 6,
    });
    expect(foreign.status).toBe(401);
    const signedIn = await post(elsewhere, "/api/passkey/sign-in", { credential: authenticator.get(await ask()), ProductId: 6 });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ isOk: true });
  });
});
