import { afterAll, beforeAll, expect, it } from "vitest";
import { exportAccount } from "../../../server/auth/account/account-export.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { unlinkCustomerLogin } from "../../../server/auth/support/support-actions.ts";
import { supportCustomer } from "../../../server/auth/support/support-console.ts";
import { runAccountCommand } from "../../../server/operator/account-commands.ts";
import { drainMail, signInByLink, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const PERSONAL = "9188040d-6c67-4c5b-b112-36a304b66dad";
const OID = "00000000-0000-0000-66f3-3332eca7ea81";

/**
 * A linked Microsoft login wherever logins are shown and unlinked: the account page's API, the
 * support console, the export and the operator CLI, each naming it and its tenant.
 */
describeEachDatabase("linked Microsoft logins on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const link = async (email: string, subject: string) => {
    const account = await createAccount(server.db, { email, product: "dsone" });
    await linkIdentity(
      server.db,
      { provider: "microsoft", subject, email: `${email.split("@")[0]}@outlook.com`, tenantId: PERSONAL, objectId: OID },
      account.id,
      { operator: "test" },
    );
    return account;
  };
  const api = (cookie: string, method: "GET" | "POST", url: string, payload?: unknown) =>
    server.app.inject({ method, url, headers: { cookie, origin: "http://localhost:3000" }, ...(payload ? { payload } : {}) });

  it("lists it on the account page and unlinks it there, but not while it is the only way in", async () => {
    const account = await link("ms.owner@example.com", "ms-subject-1");
    const cookie = await signInByLink(server, "ms.owner@example.com");
    const me = (await api(cookie, "GET", "/api/me")).json();
    expect(me.signInMethods.microsoft).toEqual([{ subject: "ms-subject-1", email: "ms.owner@outlook.com", linkedAt: expect.any(Number) }]);
    expect(me.signInMethods.google).toEqual([]);
    expect(me.activity.map((entry: { event: string }) => entry.event)).toContain("microsoft_linked");

    const refused = await api(cookie, "POST", "/api/me/unlink-microsoft", { subject: "ms-subject-1" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "MICROSOFT_ONLY_WAY_IN",
      message: "Microsoft is how you sign in besides the emailed link. Set a password first, then unlink Microsoft.",
    });
    expect((await api(cookie, "POST", "/api/me/unlink-microsoft", { subject: "someone-else" })).statusCode).toBe(404);
    // Google's unlink does not reach a Microsoft login.
    expect((await api(cookie, "POST", "/api/me/unlink-google", { subject: "ms-subject-1" })).statusCode).toBe(404);

    await linkIdentity(server.db, { provider: "google", subject: "g-of-owner", email: "ms.owner@example.com" }, account.id, {
      operator: "test",
    });
    expect((await api(cookie, "POST", "/api/me/unlink-microsoft", { subject: "ms-subject-1" })).json()).toEqual({ isOk: true });
    const after = (await api(cookie, "GET", "/api/me")).json();
    expect(after.signInMethods.microsoft).toEqual([]);
    expect(after.activity[0]?.event).toBe("microsoft_unlinked");
    await drainMail(server);
    const notice = server.delivered.findLast((sent) => sent.to === "ms.owner@example.com" && sent.subject.includes("unlinked"));
    expect(notice?.subject).toBe("Microsoft was unlinked from your DS One account");
  });

  it("shows it with its tenant in the support console, the export and the CLI, and support unlinks it", async () => {
    const account = await link("ms.support@example.com", "ms-subject-2");
    const agent = {
      accountId: (await createAccount(server.db, { email: "ms.agent@example.com", role: "support" })).id,
      role: "support" as const,
    };
    const record = await supportCustomer(server.db, server.config, agent, account.id);
    expect(record?.microsoft).toEqual([
      {
        subject: "ms-subject-2",
        email: "ms.support@outlook.com",
        tenantId: PERSONAL,
        objectId: OID,
        linkedAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
      },
    ]);
    expect(record?.google).toEqual([]);

    const exported = await exportAccount(server.db, account.id);
    expect(exported?.linkedLogins).toEqual([
      expect.objectContaining({ provider: "microsoft", subject: "ms-subject-2", tenantId: PERSONAL, objectId: OID }),
    ]);

    const listed = await runAccountCommand(server.db, server.config, "logins", { email: "ms.support@example.com" });
    expect(listed).toMatch(new RegExp(`^microsoft ms-subject-2 {2}ms\\.support@outlook\\.com {2}tenant ${PERSONAL} {2}linked \\d{4}-`));

    await unlinkCustomerLogin(server.db, server.config, agent, account.id, { provider: "microsoft", subject: "ms-subject-2" }, "lost it");
    expect((await supportCustomer(server.db, server.config, agent, account.id))?.microsoft).toEqual([]);
    await expect(
      unlinkCustomerLogin(server.db, server.config, agent, account.id, { provider: "microsoft", subject: "ms-subject-2" }, "again"),
    ).rejects.toThrow("That Microsoft login is not linked to this account.");
  });
});
