import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { RECENT_SIGN_IN_MS } from "../../../server/auth/kernel/recent-sign-in.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";

/**
 * A passkey the browser's password manager makes quietly after a sign-in (conditional create,
 * docs/decisions/0086): its answer carries no user presence, which the server takes only for
 * options it issued as conditional, within the recent sign-in that adding a passkey needs, and
 * never in a browser that said "Not now".
 */
describeEachDatabase("conditional create on %s", (kind) => {
  let bed: OidcTestBed;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
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
  // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
  const optionsOf = async (answer: Promise<Response>) => ((await (await answer).json()) as { options: any }).options;
  const passkeysOf = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/me`, { headers: { origin: bed.issuer } })).json()) as MyAccount).passkeys;
  const sessionIdOf = (browser: BrowserAgent) =>
    /(?:^|; )(?:__Host-)?session=([^;]+)/.exec(browser.cookieHeader(bed.issuer))?.[1] ?? "no session";
  /** Moves the browser's sign-in back past the 10 minutes in which a way in may be added. */
  const ageSignIn = (browser: BrowserAgent) =>
    bed.server.db
      .updateTable("sessions")
      .set({ created_at: Date.now() - RECENT_SIGN_IN_MS - 60_000 })
      .where("id_hash", "=", hashSecret(sessionIdOf(browser)))
      .execute();
  const addedMails = async () => {
    await drainMail(bed.server);
    return bed.server.delivered.filter((mail) => mail.to === bed.email && mail.subject === "A passkey was added to your DS One account");
  };
  const signedIn = async () => {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    return browser;
  };

  it("refuses an answer without user presence to options asked for with the button", async () => {
    const browser = await signedIn();
    const options = await optionsOf(post(browser, "/api/passkey/register/options", { ProductId: 6 }));
    const before = (await passkeysOf(browser)).length;
    const quiet = await post(browser, "/api/passkey/register", {
      credential: new SoftAuthenticator(bed.issuer).create(options, { quiet: true }),
    });
    expect(quiet.status).toBe(401);
    expect(await quiet.json()).toMatchObject({ code: "PASSKEY_REFUSED" });
    expect(await passkeysOf(browser)).toHaveLength(before);
  });

  it("takes one made quietly within the recent sign-in, lists it and mails the owner", async () => {
    const browser = await signedIn();
    const mailsBefore = (await addedMails()).length;
    const options = await optionsOf(post(browser, "/api/passkey/register/conditional-options", { ProductId: 6 }));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    const made = await post(browser, "/api/passkey/register", {
      credential: new SoftAuthenticator(bed.issuer).create(options, { quiet: true }),
      ProductId: 6,
    });
    expect(made.status).toBe(200);
    const { passkey } = (await made.json()) as { passkey: { id: string } };
    expect((await passkeysOf(browser)).map((listed) => listed.id)).toContain(passkey.id);
    expect(await addedMails()).toHaveLength(mailsBefore + 1);
    // Made in this browser: it is offered nothing more, quietly or not.
    expect(await optionsOf(post(browser, "/api/passkey/register/conditional-options", { ProductId: 6 }))).toBeNull();
  });

  it("refuses one outside the recent sign-in, whether the options or the answer come late", async () => {
    const stale = await signedIn();
    await ageSignIn(stale);
    const refused = await post(stale, "/api/passkey/register/conditional-options", { ProductId: 6 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });

    const late = await signedIn();
    const options = await optionsOf(post(late, "/api/passkey/register/conditional-options", { ProductId: 6 }));
    await ageSignIn(late);
    const mailsBefore = (await addedMails()).length;
    const answer = await post(late, "/api/passkey/register", {
      credential: new SoftAuthenticator(bed.issuer).create(options, { quiet: true }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    expect(
      (
        await bed.server.db
          .selectFrom("passkeys")
          .select("id")
          .where("added_by_session", "=", hashSecret(sessionIdOf(late)))
          .execute()
      ).length,
    ).toBe(0);
    expect(await addedMails()).toHaveLength(mailsBefore);
  });

  it("asks nothing after a sign-in made without a password: no password manager answers then", async () => {
    const browser = await signedIn();
    // The same session as if the emailed link had signed it in.
    await bed.server.db
      .updateTable("sessions")
      .set({ amr: "otp" })
      .where("id_hash", "=", hashSecret(sessionIdOf(browser)))
      .execute();
    expect(await optionsOf(post(browser, "/api/passkey/register/conditional-options", { ProductId: 6 }))).toBeNull();
  });

  it('asks nothing of a browser that said "Not now"', async () => {
    const browser = await signedIn();
    expect((await post(browser, "/api/passkey/offer/decline")).status).toBe(200);
    expect(await optionsOf(post(browser, "/api/passkey/register/conditional-options", { ProductId: 6 }))).toBeNull();
  });
});
