import { afterAll, beforeAll, expect, it } from "vitest";
import { changeEmailByOperator } from "../../server/auth/account/email-change/by-operator.ts";
import { AccountInputError, createAccount } from "../../server/auth/kernel/accounts.ts";
import { addressStanding, recordReport } from "../../server/mail/delivery-state.ts";
import { runAccountCommand } from "../../server/operator/account-commands.ts";
import { drainMail, startTestServer, type TestServer } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";

/**
 * `mail-clear` for an address no account has yet: the address an account asked to change its
 * email to, whose confirmation link bounced. Cleared in that account's name, so the customer can
 * ask again; an address nobody has or asked for is still refused.
 */
describeEachDatabase("clearing the mail of an address an account asked to change to, on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("clears the bounced confirmation's address in the asking account's name, once", async () => {
    const account = await createAccount(server.db, { email: "mover@example.com", product: "dsone" });
    await changeEmailByOperator(server.db, server.config, "mover@example.com", "Typo@Example.org", { operator: "cli:test" });
    await drainMail(server);
    const confirmation = await server.db
      .selectFrom("outbox")
      .select("id")
      .where("to_key", "=", "typo@example.org")
      .executeTakeFirstOrThrow();
    expect(await recordReport(server.db, confirmation.id, { delivery: "bounced", code: "550 5.1.1", words: "User unknown" })).toBe(true);
    expect((await addressStanding(server.db, "typo@example.org")).bounced?.code).toBe("550 5.1.1");

    const run = (email: string) => runAccountCommand(server.db, server.config, "mail-clear", { email, reason: "ticket 9: typo fixed" });
    expect(await run(" TYPO@example.org")).toMatch(
      /^mail to TYPO@example\.org \(mover@example\.com asked to change its email to it\) goes again; cleared: bounce 550 5\.1\.1 of \d{4}-\S+Z$/,
    );
    expect((await addressStanding(server.db, "typo@example.org")).bounced).toBeNull();
    const trail = await server.db
      .selectFrom("audit_events")
      .select(["event", "reason", "actor"])
      .where("account_id", "=", account.id)
      .where("event", "=", "mail_cleared")
      .execute();
    expect(trail).toEqual([
      expect.objectContaining({
        reason: expect.stringMatching(/^ticket 9: typo fixed \(cleared: bounce 550 5\.1\.1 of TYPO@example\.org, the address asked for\)$/),
      }),
    ]);

    // Again: nothing is held, and the trail is not written twice.
    expect(await run("typo@example.org")).toBe(
      "nothing to clear: mail to typo@example.org (mover@example.com asked to change its email to it) had not bounced",
    );
    const entries = await server.db.selectFrom("audit_events").select("id").where("event", "=", "mail_cleared").execute();
    expect(entries).toHaveLength(1);
  });

  it("keeps the address owner's complaint, and names the account whose request still waits", async () => {
    const waiting = await createAccount(server.db, { email: "first@example.com", product: "dsone" });
    await createAccount(server.db, { email: "second@example.com", product: "dsone" });
    await changeEmailByOperator(server.db, server.config, "first@example.com", "shared@example.org", { operator: "cli:test" });
    await changeEmailByOperator(server.db, server.config, "second@example.com", "shared@example.org", { operator: "cli:test" });
    // The later request ended (its owner cancelled it); the first still waits for the address.
    await server.db
      .updateTable("email_changes")
      .set({ ended_at: Date.now(), ended_how: "cancelled" })
      .where("old_email", "=", "second@example.com")
      .execute();
    await drainMail(server);
    const [bounced, complained] = await server.db
      .selectFrom("outbox")
      .select("id")
      .where("to_key", "=", "shared@example.org")
      .orderBy("created_at")
      .execute();
    await recordReport(server.db, bounced?.id as string, { delivery: "bounced", code: "550 5.1.1", words: "User unknown" });
    await recordReport(server.db, complained?.id as string, { delivery: "complained", code: null, words: "feedback report: abuse" });

    const said = await runAccountCommand(server.db, server.config, "mail-clear", { email: "shared@example.org", reason: "ticket 10" });
    expect(said).toMatch(
      /^mail to shared@example\.org \(first@example\.com asked to change its email to it\) goes again; cleared: bounce 550 5\.1\.1 of /,
    );
    const standing = await addressStanding(server.db, "shared@example.org");
    expect(standing.bounced).toBeNull();
    expect(standing.complainedAt).not.toBeNull();
    const trail = await server.db.selectFrom("audit_events").select("account_id").where("reason", "like", "ticket 10%").execute();
    expect(trail).toEqual([{ account_id: waiting.id }]);
  });

  it("refuses an address that no account has and none asked for, changing nothing", async () => {
    await expect(runAccountCommand(server.db, server.config, "mail-clear", { email: "ghost@example.org", reason: "r" })).rejects.toThrow(
      new AccountInputError("no account for ghost@example.org, and none asked to change its email to it"),
    );
  });
});
