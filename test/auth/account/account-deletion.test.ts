import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeAccount } from "../../../server/auth/account/account-deletion.ts";
import { createAccount, linkDevice, setLicense } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { BUCKETS, bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import type { Db } from "../../../server/db/database.ts";
import { enqueueMail } from "../../../server/mail/outbox.ts";
import type { OutgoingMail } from "../../../server/mail/worker.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, signInByLink, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { type DatabaseKind, describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../../support/oidc-flow.ts";

const UUID = "3a7c9e1f-5b2d-4c8e-9f0a-1b2c3d4e5f60";
const GOOGLE = { provider: "google", subject: "110248495921238986420", email: "deleted.in.google@example.com" };

/** Everything that names one person: a row holding any of these (in any case) is about them. */
interface Person {
  accountId: string;
  email: string;
  marks: string[];
}

async function tableNames(db: Db, kind: DatabaseKind): Promise<string[]> {
  const listed =
    kind === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  return (await listed.execute(db)).rows.map((row) => row.name).sort();
}

/**
 * Every row of every table the database holds (read from the database itself, so a table added
 * later is searched too) that names the person.
 */
async function traces(db: Db, kind: DatabaseKind, person: Person): Promise<{ table: string; row: Record<string, unknown> }[]> {
  const marks = person.marks.map((mark) => mark.toLowerCase());
  const found: { table: string; row: Record<string, unknown> }[] = [];
  for (const table of await tableNames(db, kind)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      const text = JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)).toLowerCase();
      if (marks.some((mark) => text.includes(mark))) found.push({ table, row });
    }
  }
  return found;
}

/**
 * The person's id, email, device, Google login, the counters kept under their email (which hold
 * only its digest), and the hashes of the links they were sent (what a sign-in code points at).
 */
async function personOf(db: Db, accountId: string, email: string): Promise<Person> {
  const tokens = await db.selectFrom("one_time_tokens").select("token_hash").where("account_id", "=", accountId).execute();
  const emailDigest = bucketKey("accessLinkPerEmail", email).split("|")[1] as string;
  return {
    accountId,
    email,
    marks: [accountId, email, UUID, GOOGLE.subject, GOOGLE.email, emailDigest, ...tokens.map((token) => token.token_hash)],
  };
}

/** What may stay: the goodbye mail's outbox row, until it is delivered and pruned. */
function besidesTheGoodbye(found: { table: string; row: Record<string, unknown> }[], brandName: string) {
  return found.filter(({ table, row }) => !(table === "outbox" && row.subject === `Your ${brandName} account is deleted`));
}

/** Gives the account every kind of thing a customer leaves behind, as the flows leave it. */
async function furnish(server: Db, email: string, accountId: string): Promise<{ tab: string }> {
  const tab = randomUUID();
  await linkDevice(server, email, "dsone", UUID);
  await server.insertInto("device_settings").values({ uuid: UUID, show_notifications: 0, updated_at: Date.now() }).execute();
  await setLicense(server, email, "maverick", "Trial");
  await linkIdentity(server, GOOGLE, accountId, { operator: "test" });
  await server
    .insertInto("telemetry_events")
    .values({
      id: randomUUID(),
      kind: "page_view",
      name: "page_view",
      session_id: tab,
      account_id: accountId,
      brand: "dsone",
      screen: "/dsone/account",
      url: "/dsone/account",
      value: null,
      detail: null,
      fingerprint: null,
      created_at: Date.now(),
    })
    .execute();
  return { tab };
}

/** "Delete my account", from a signed-in customer's browser to the confirmation, through the real server. */
describeEachDatabase("deleting an account on %s", (kind) => {
  let bed: OidcTestBed;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown) =>
    browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify(body),
    });

  async function signIn(browser: BrowserAgent, email: string, password: string): Promise<void> {
    const response = await post(browser, "/api/dsone/password-login", { Email: email, Password: password });
    expect(response.status).toBe(200);
  }

  /** Asks for a deletion link from a signed-in browser and answers the mail that carries it. */
  async function deletionMail(browser: BrowserAgent, productId: number): Promise<OutgoingMail> {
    const before = bed.server.delivered.length;
    const response = await post(browser, "/api/me/delete/request", { ProductId: productId });
    expect(await response.json()).toEqual({ isOk: true });
    await drainMail(bed.server);
    const mail = bed.server.delivered.slice(before).find((sent) => sent.subject.startsWith("Confirm deleting"));
    if (!mail) throw new Error("no deletion mail");
    return mail;
  }

  it("deletes everything about the account, bar the goodbye mail: every table is searched", async () => {
    const { accountId, email } = bed;
    const { tab } = await furnish(bed.server.db, email, accountId);
    const mine = new BrowserAgent();
    const agent = await desktopAgentSignIn(bed, mine);
    // A wrong password counts against the email; a link asked for leaves a link, a code and counters.
    expect((await post(new BrowserAgent(), "/api/dsone/password-login", { Email: email, Password: "not the password" })).status).toBe(401);
    expect(await (await post(mine, "/api/access-link", { Email: email, ProductId: 6 })).json()).toMatchObject({ isOk: true });
    // Mail waiting for its next attempt, addressed in another case: it must never go out now.
    await bed.server.db.transaction().execute(async (tx) => {
      await enqueueMail(tx, bed.server.config, "DS One <no-reply@localhost>", email.toUpperCase(), {
        kind: "new_sign_in",
        subject: "A mail still waiting",
        text: "waiting",
        html: "<p>waiting</p>",
      });
      await tx
        .updateTable("outbox")
        .set({ next_attempt_at: Date.now() + 3_600_000 })
        .where("subject", "=", "A mail still waiting")
        .execute();
    });

    const mail = await deletionMail(mine, 6);
    expect(mail).toMatchObject({ to: email, subject: "Confirm deleting your DS One account", from: '"DS One" <no-reply@localhost>' });
    expect(mail.text).toContain(`${bed.issuer}/dsone/account/delete?token=`);
    expect(mail.text).toContain("A deleted account cannot be restored.");
    expect(mail.text).toContain("The link expires in 1 hour. It can be used once.");
    expect(mail.text).toContain("If you did not ask for this, you can ignore this email: your account stays as it is.");
    const token = tokenFromMail(mail);

    // The telemetry the sign-ins stored names the account until the deletion.
    await expect
      .poll(
        async () => (await bed.server.db.selectFrom("telemetry_events").select("id").where("account_id", "=", accountId).execute()).length,
      )
      .toBeGreaterThan(1);
    const person = await personOf(bed.server.db, accountId, email);
    const before = new Set((await traces(bed.server.db, kind, person)).map((trace) => trace.table));
    // The search finds the person everywhere the flows put them, so finding nothing afterwards means something.
    for (const table of [
      "accounts",
      "licenses",
      "devices",
      "device_settings",
      "sessions",
      "one_time_tokens",
      "sign_in_codes",
      "outbox",
      "rate_limits",
      "known_origins",
      "oidc_payloads",
      "telemetry_events",
      "audit_events",
      "external_logins",
    ]) {
      expect(before, table).toContain(table);
    }

    // The page names the account, and looking spends nothing.
    const phone = new BrowserAgent();
    for (let look = 0; look < 2; look++) {
      expect(await (await post(phone, "/api/me/delete/check", { token })).json()).toEqual({ isOk: true, email });
    }
    const waiting = await bed.server.db.selectFrom("one_time_tokens").select("used_at").where("purpose", "=", "account_deletion").execute();
    expect(waiting).toEqual([{ used_at: null }]);

    // Confirmed in the browser signed in as the account: its session cookie goes too.
    const deliveredBefore = bed.server.delivered.length;
    const confirmed = await post(mine, "/api/me/delete/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ isOk: true });
    expect(mine.cookieHeader(bed.issuer)).not.toMatch(/(^|; )(__Host-)?session=/);
    expect((await post(mine, "/api/me/name", { Name: "Still here?" })).status).toBe(401);
    await expect(client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    await drainMail(bed.server);
    const after = bed.server.delivered.slice(deliveredBefore);
    expect(after.map((sent) => [sent.to, sent.subject])).toEqual([[email, "Your DS One account is deleted"]]);
    expect(after[0]?.text).toContain("This is the last email about this account.");

    expect(besidesTheGoodbye(await traces(bed.server.db, kind, person), "DS One")).toEqual([]);
    const goodbye = await bed.server.db.selectFrom("outbox").selectAll().where("to_address", "=", email).execute();
    expect(goodbye).toMatchObject([{ subject: "Your DS One account is deleted", text_body: "", html_body: "" }]);
    expect(goodbye[0]?.sent_at).not.toBeNull();
    const record = await bed.server.db.selectFrom("audit_events").selectAll().where("event", "=", "account_deleted").execute();
    expect(record).toMatchObject([{ account_id: null, address: null, device: null, actor: null, brand: "dsone" }]);
    const anonymous = await bed.server.db.selectFrom("telemetry_events").select("account_id").where("session_id", "=", tab).execute();
    expect(anonymous).toEqual([{ account_id: null }]);

    // The link again, and the email again: both as if the account had never been.
    const unknown = {
      code: "DELETION_LINK_UNKNOWN",
      message: "This account deletion link is not valid, or the account is already deleted.",
    };
    for (const path of ["/api/me/delete/confirm", "/api/me/delete/check"]) {
      const again = await post(phone, path, { token });
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject(unknown);
    }
    expect(await (await post(new BrowserAgent(), "/api/access-link", { Email: email, ProductId: 6 })).json()).toEqual({
      isOk: false,
      isExistingDesktopUser: false,
      redirectUrl: "",
    });
  });

  it("confirms from a browser with no session, in the brand asked from; an expired link says so and deletes nothing", async () => {
    const email = "leaving.maverick@example.com";
    const password = "a maverick passphrase";
    const account = await createAccount(bed.server.db, { email, password, product: "maverick" });
    const laptop = new BrowserAgent();
    await signIn(laptop, email, password);

    const mail = await deletionMail(laptop, 7);
    expect(mail).toMatchObject({ subject: "Confirm deleting your Maverick Safe account", from: '"Maverick Safe" <no-reply@localhost>' });
    expect(mail.text).toContain(`${bed.issuer}/maverick/account/delete?token=`);

    const stale = tokenFromMail(await deletionMail(laptop, 7));
    await bed.server.db
      .updateTable("one_time_tokens")
      .set({ expires_at: Date.now() - 1 })
      .where("token_hash", "=", hashSecret(stale))
      .execute();
    const phone = new BrowserAgent();
    for (const path of ["/api/me/delete/check", "/api/me/delete/confirm"]) {
      const expired = await post(phone, path, { token: stale });
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({
        code: "DELETION_LINK_EXPIRED",
        message: "This account deletion link has expired. Ask for a new one from your account page.",
      });
    }
    expect(await bed.server.db.selectFrom("accounts").select("id").where("id", "=", account.id).executeTakeFirst()).toBeDefined();

    // The link opened on a phone that never signed in: the link is the proof.
    const before = bed.server.delivered.length;
    expect(await (await post(phone, "/api/me/delete/confirm", { token: tokenFromMail(mail) })).json()).toEqual({ isOk: true });
    expect(await bed.server.db.selectFrom("accounts").select("id").where("id", "=", account.id).executeTakeFirst()).toBeUndefined();
    expect((await post(laptop, "/api/me/name", { Name: "Still here?" })).status).toBe(401);
    await drainMail(bed.server);
    expect(bed.server.delivered.slice(before).map((sent) => [sent.to, sent.subject])).toEqual([
      [email, "Your Maverick Safe account is deleted"],
    ]);
  });

  it("keeps the account when its owner says so: the link is spent and deletes nothing after", async () => {
    const email = "staying@example.com";
    const password = "a passphrase that stays";
    const account = await createAccount(bed.server.db, { email, password, product: "dsone" });
    const browser = new BrowserAgent();
    await signIn(browser, email, password);
    const token = tokenFromMail(await deletionMail(browser, 6));
    expect(await (await post(new BrowserAgent(), "/api/me/delete/keep", { token })).json()).toEqual({ isOk: true });
    const later = await post(new BrowserAgent(), "/api/me/delete/confirm", { token });
    expect(later.status).toBe(410);
    expect(await later.json()).toMatchObject({ code: "DELETION_LINK_USED" });
    expect((await post(new BrowserAgent(), "/api/me/delete/keep", { token })).status).toBe(410);
    expect(await bed.server.db.selectFrom("accounts").select("id").where("id", "=", account.id).executeTakeFirst()).toBeDefined();
  });

  it("the operator's remove is the same deletion, its goodbye in the brand of the first license", async () => {
    const email = "removed.by.support@example.com";
    const account = await createAccount(bed.server.db, { email, product: "maverick" });
    await furnish(bed.server.db, email, account.id);
    expect((await post(new BrowserAgent(), "/api/dsone/password-login", { Email: email, Password: "no password was set" })).status).toBe(
      401,
    );
    const person = await personOf(bed.server.db, account.id, email);
    expect((await traces(bed.server.db, kind, person)).length).toBeGreaterThan(5);

    await removeAccount(bed.server.db, bed.server.config, email, { operator: "cli:support-3" });
    expect(besidesTheGoodbye(await traces(bed.server.db, kind, person), "Maverick Safe")).toEqual([]);
    const record = await bed.server.db.selectFrom("audit_events").selectAll().where("actor", "=", "cli:support-3").execute();
    expect(record).toMatchObject([{ event: "account_deleted", account_id: null, brand: "maverick" }]);
    await expect(removeAccount(bed.server.db, bed.server.config, email, { operator: "cli:support-3" })).rejects.toThrow(
      `no account for ${email}`,
    );
  });
});

/** The request, on a server with the limits it ships with. */
describeEachDatabase("asking to delete an account on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const request = (cookie?: string) =>
    server.app.inject({ method: "POST", url: "/api/me/delete/request", headers: cookie ? { cookie } : {}, payload: { ProductId: 6 } });

  it("needs a sign-in, and mails one account at most five links a window", async () => {
    const stranger = await request();
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ code: "NOT_SIGNED_IN" });
    expect(await server.db.selectFrom("one_time_tokens").select("token_hash").where("purpose", "=", "account_deletion").execute()).toEqual(
      [],
    );

    await createAccount(server.db, { email: "often@example.com" });
    const cookie = await signInByLink(server, "often@example.com");
    for (let asked = 0; asked < 5; asked++) expect((await request(cookie)).statusCode).toBe(200);
    const refused = await request(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many account deletion emails were requested\. Please wait \d+ minutes? and try again\.$/);
    const trail = await server.db.selectFrom("audit_events").select("event").where("event", "=", "account_deletion_requested").execute();
    expect(trail).toHaveLength(5);
  });
});

describe("the counters deleting an account deletes", () => {
  it("finds every bucket that names an account or an email by its first part", () => {
    for (const [name, spec] of Object.entries(BUCKETS)) {
      const later = (spec.parts as readonly string[]).slice(1);
      expect(later, name).not.toContain("email");
      expect(later, name).not.toContain("account");
    }
  });
});
