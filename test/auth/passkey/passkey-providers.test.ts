import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { drainMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";

/**
 * A passkey is named by where it lives, from the AAGUID its authenticator reports and the list of
 * providers bundled with the server (docs/decisions/0086): on the account page and in the "A
 * passkey was added" mail. An unknown AAGUID, and a name the customer chose, keep their name.
 */
describeEachDatabase("passkey providers on %s", (kind) => {
  let bed: OidcTestBed;
  const GOOGLE = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4";
  const PROTON = "50726f74-6f6e-5061-7373-50726f746f6e";
  const UNLISTED = "0badc0de-0000-4000-8000-000000000001";

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
  const passkeysOf = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/me`, { headers: { origin: bed.issuer } })).json()) as MyAccount).passkeys;

  /** Signs in by password in a browser of its own and makes a passkey whose authenticator reports `aaguid`. */
  async function passkeyFrom(aaguid: string) {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    const { options } = (await (await post(browser, "/api/passkey/register/options", { ProductId: 6 })).json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
      options: any;
    };
    const made = await post(browser, "/api/passkey/register", {
      credential: new SoftAuthenticator(bed.issuer).create(options, { aaguid }),
      ProductId: 6,
    });
    expect(made.status).toBe(200);
    const { passkey } = (await made.json()) as { passkey: { id: string; name: string } };
    return { browser, passkey };
  }
  const lastAddedMail = async () => {
    await drainMail(bed.server);
    return bed.server.delivered.findLast((mail) => mail.to === bed.email && mail.subject === "A passkey was added to your DS One account");
  };

  it("names a passkey of a listed provider after it, on the account page and in the mail", async () => {
    const { browser, passkey } = await passkeyFrom(PROTON);
    expect(passkey.name).toBe("Proton Pass");
    const listed = (await passkeysOf(browser)).find((each) => each.id === passkey.id);
    expect(listed?.name).toBe("Proton Pass");
    // With the mark Proton Pass publishes for this use, light and dark (docs/decisions/0088).
    expect(listed?.icon).toEqual({
      light: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      dark: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const mail = await lastAddedMail();
    expect(mail?.text).toContain("It is saved in Proton Pass.");
    expect(mail?.html).toContain("It is saved in Proton Pass.");
  });

  it("keeps the browser's name for an unlisted provider, and the mail names none", async () => {
    const { browser, passkey } = await passkeyFrom(UNLISTED);
    const row = await bed.server.db
      .selectFrom("passkeys")
      .select(["name", "added_from"])
      .where("id", "=", passkey.id)
      .executeTakeFirstOrThrow();
    expect(passkey.name).toBe(row.name);
    const listed = (await passkeysOf(browser)).find((each) => each.id === passkey.id);
    expect(listed?.name).toBe(row.name);
    expect(listed?.icon).toBeUndefined();
    expect((await lastAddedMail())?.text).not.toContain("It is saved in");
  });

  it("shows the provider for an older passkey named by its browser, and never over a name the customer chose", async () => {
    const { browser, passkey } = await passkeyFrom(UNLISTED);
    const { passkey: chosen } = await passkeyFrom(UNLISTED);
    // As made before the list: a listed AAGUID, and the browser's name.
    await bed.server.db.updateTable("passkeys").set({ aaguid: GOOGLE }).where("id", "in", [passkey.id, chosen.id]).execute();
    expect((await post(browser, "/api/me/passkeys/rename", { id: chosen.id, Name: "Work phone" })).status).toBe(200);
    const listed = await passkeysOf(browser);
    expect(listed.find((shown) => shown.id === passkey.id)?.name).toBe("Google Password Manager");
    expect(listed.find((shown) => shown.id === chosen.id)?.name).toBe("Work phone");
  });
});
