import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/**
 * Spending an access link and writing the session it buys commit together or not at all. The fault
 * is real: a trigger makes the database refuse the session row after the link has been spent in the
 * same transaction.
 */
describeEachDatabase("atomic sign-in on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, { email: "atomic@example.com", product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function refuseSessions(): Promise<void> {
    if (kind === "sqlite") {
      await sql`create trigger refuse_sessions before insert on sessions begin select raise(abort, 'injected failure'); end`.execute(
        server.db,
      );
      return;
    }
    await sql`create function refuse_sessions() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
      server.db,
    );
    await sql`create trigger refuse_sessions before insert on sessions for each row execute function refuse_sessions()`.execute(server.db);
  }

  async function acceptSessions(): Promise<void> {
    if (kind === "sqlite") {
      await sql`drop trigger refuse_sessions`.execute(server.db);
      return;
    }
    await sql`drop trigger refuse_sessions on sessions`.execute(server.db);
    await sql`drop function refuse_sessions()`.execute(server.db);
  }

  it("leaves the link unspent when the session cannot be written, and it works afterwards", async () => {
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "atomic@example.com", ProductId: 6 },
    });
    expect(asked.json()).toMatchObject({ isOk: true });
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to === "atomic@example.com");
    if (!mail) throw new Error("no mail");
    const token = tokenFromMail(mail);
    const consume = () => server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });

    await refuseSessions();
    const failed = await consume();
    await acceptSessions();
    expect(failed.statusCode).toBe(500);
    expect(failed.cookies).toEqual([]);
    const stored = await server.db
      .selectFrom("one_time_tokens")
      .select("used_at")
      .where("token_hash", "=", hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(stored.used_at).toBeNull();

    const retried = await consume();
    expect(retried.statusCode).toBe(200);
    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie: sessionCookieFrom(retried) } });
    expect(session.json()).toMatchObject({ signedIn: true, email: "atomic@example.com" });

    const again = await consume();
    expect(again.json()).toMatchObject({ code: "LINK_USED" });
  });
});
