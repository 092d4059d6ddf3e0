import { afterAll, beforeAll, expect, it } from "vitest";
import { exportAccount } from "../../../server/auth/account/account-export.ts";
import { createAccount, linkDevice } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { signOutCustomerEverywhere } from "../../../server/auth/support/support-actions.ts";
import { signInByLink, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const EMAIL = "export@example.com";
const UUID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

/** The data export: everything held about an account, readable, and nothing that signs anyone in. */
describeEachDatabase("the account's data export on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("holds the account, licenses, devices, sign-ins, linked logins and trail, and no secret", async () => {
    const account = await createAccount(server.db, { email: EMAIL, password: "an exported passphrase", product: "dsone", name: "Ex Port" });
    await linkDevice(server.db, EMAIL, "dsone", UUID);
    await linkIdentity(server.db, { provider: "google", subject: "g-export-1", email: EMAIL }, account.id, { operator: "test" });
    const cookie = await signInByLink(server, EMAIL);

    const data = await exportAccount(server.db, account.id);
    expect(data).toMatchObject({
      format: "account-export/1",
      // Signed in by a request that named no language: none is recorded for the account. Its
      // link was DS One's: the brand of its mail no page names.
      account: {
        id: account.id,
        email: EMAIL,
        name: "Ex Port",
        passwordSet: true,
        role: null,
        disabled: false,
        language: null,
        lastBrand: "dsone",
      },
      licenses: [{ product: "dsone", state: "Active" }],
      devices: [{ uuid: UUID, product: "dsone", showNotifications: null }],
      linkedLogins: [{ provider: "google", subject: "g-export-1", email: EMAIL }],
      signedIn: { browsers: [{ network: "127.0.0.1" }], apps: [] },
    });
    // Newest first, as the account page shows it.
    expect(data?.activity.map((entry) => entry.event)).toEqual(["new_browser", "signed_in", "access_link_requested", "google_linked"]);
    // Valid JSON from end to end, and nothing in it that signs in or was a secret.
    const text = JSON.stringify(data);
    const stored = await server.db.selectFrom("sessions").select("id_hash").where("account_id", "=", account.id).executeTakeFirstOrThrow();
    const hash = await server.db.selectFrom("accounts").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow();
    for (const secret of [cookie.split("=")[1] as string, stored.id_hash, hash.password_hash as string, "an exported passphrase"]) {
      expect(text).not.toContain(secret);
    }
    expect(await exportAccount(server.db, "no-such-account")).toBeUndefined();
  });

  it("says that support acted, as the account page does, without the agent or their reason", async () => {
    const customer = await createAccount(server.db, { email: "helped@example.com", product: "dsone" });
    const agent = await createAccount(server.db, { email: "agent.export@example.com", product: "dsone" });
    const reason = "Caller said the laptop was stolen, ticket 4411";
    await signOutCustomerEverywhere(server.db, { accountId: agent.id, role: "support" }, customer.id, reason);

    const data = await exportAccount(server.db, customer.id);
    expect(data?.activity.find((entry) => entry.event === "signed_out_everywhere")).toMatchObject({ by: "support", detail: null });
    const text = JSON.stringify(data);
    expect(text).not.toContain(agent.id);
    expect(text).not.toContain("ticket 4411");
  });
});
