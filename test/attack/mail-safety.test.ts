import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { openDatabase } from "../../server/db/database.ts";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { CLAIM_MS, MailWorker, type OutgoingMail } from "../../server/mail/worker.ts";
import type { RunningServer } from "../../server/server.ts";
import { drainMail, silentLogger, startTestServer, type TestServer } from "../support/app.ts";
import { createTestDatabase, describeEachDatabase } from "../support/databases.ts";
import { mailboxMails, newMailKeySettings, secretsAtRest } from "../support/secrets-at-rest.ts";
import { messageIdOf, SmtpSink } from "../support/smtp-sink.ts";
import { recordCases } from "./scale.ts";

const TOKEN = /(?:token|code)=([A-Za-z0-9_-]{43})/;
const SIX_DIGITS = /type this code instead \(it works for 10 minutes\): (\d{3} \d{3})/;

/** Every row of the outbox, every column, as one text: where a leftover token would show. */
async function outboxText(db: RunningServer["db"]): Promise<string> {
  const rows = await db.selectFrom("outbox").selectAll().execute();
  return rows.map((row) => JSON.stringify(Object.values(row))).join("\n");
}

describeEachDatabase("outbox redaction on %s", (kind) => {
  let server: TestServer;
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { ownDelivery: true });
    await createAccount(server.db, { email: "redact@example.com", password: "a-long-password-1" });
  });
  afterAll(async () => {
    recordCases("mail safety (outbox, rejections, claims)", cases);
    await server?.stop();
  });

  it("keeps no usable link or code in the outbox once mail is delivered, and the mailbox still shows it", async () => {
    for (const request of [
      { url: "/api/access-link", payload: { Email: "redact@example.com", ProductId: 6 } },
      { url: "/api/password/forgot", payload: { email: "redact@example.com" } },
    ]) {
      expect((await server.app.inject({ method: "POST", ...request })).statusCode).toBeLessThan(300);
    }
    await drainMail(server);
    const secrets = (await mailboxMails(server)).map((mail) => mail.text.match(TOKEN)?.[1]);
    expect(secrets).toHaveLength(2);
    const outbox = await outboxText(server.db);
    for (const secret of secrets) {
      cases++;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(outbox).not.toContain(secret as string);
    }
    const rows = await server.db.selectFrom("outbox").selectAll().execute();
    for (const row of rows) {
      expect(row).toMatchObject({ to_address: "redact@example.com", text_body: "", html_body: "", attempts: 1 });
      expect(row.sent_at).not.toBeNull();
      expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    }
    const page = await server.app.inject({ method: "GET", url: "/dev/mailbox" });
    for (const secret of secrets) expect(page.body).toContain(secret);
  });

  it("leaves no link or code in a copy of the database files once mail is delivered to the mailbox", async () => {
    const before = (await mailboxMails(server)).length;
    await server.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email: "redact@example.com" } });
    await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "redact@example.com", ProductId: 6 } });
    await drainMail(server);
    const texts = (await mailboxMails(server)).slice(before).map((mail) => mail.text);
    const secrets = texts.flatMap((text) => [text.match(TOKEN)?.[1], text.match(SIX_DIGITS)?.[1]].filter((found) => found !== undefined));
    // The reset code, the access link and its six-digit code.
    expect(secrets).toHaveLength(3);
    cases += secrets.length;
    expect(await secretsAtRest(server.database, secrets)).toEqual([]);
  });
});

describeEachDatabase("altered outbox rows on %s", (kind) => {
  it("never sends a queued link to a recipient written into its row afterwards", async () => {
    recordCases("mail safety (outbox, rejections, claims)", 1);
    const server = await startTestServer(kind);
    const sent: OutgoingMail[] = [];
    try {
      await createAccount(server.db, { email: "victim@example.com" });
      await server.mailWorker.stop();
      await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "victim@example.com", ProductId: 6 } });
      // Someone who can write the database, not read the key, redirects the waiting mail.
      await server.db.updateTable("outbox").set({ to_address: "attacker@example.com" }).execute();
      const worker = new MailWorker(server.db, server.config, async (mail) => void sent.push(mail));
      worker.start(silentLogger(), 60_000);
      await worker.idle();
      await worker.stop();
      expect(sent).toEqual([]);
      const row = await server.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.failed_at).not.toBeNull();
      expect(row.last_error).toMatch(/^not sent: no key in MAIL_KEYS opens the mail body/);
    } finally {
      await server.stop();
    }
  });
});

describeEachDatabase("mail delivery failures on %s", (kind) => {
  let sink: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer(kind, { SMTP_URL: sink.url }, { ownDelivery: true });
    await createAccount(server.db, { email: "bounce@example.com" });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it("gives up at once on a permanent rejection, records why without the address, and clears the body", async () => {
    recordCases("mail safety (outbox, rejections, claims)", 1);
    sink.rejecting = true;
    try {
      await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "bounce@example.com", ProductId: 6 } });
      await drainMail(server);
    } finally {
      sink.rejecting = false;
    }
    const row = await server.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toMatch(/550/);
    expect(row.last_error).toMatch(/User unknown/);
    expect(row.last_error).not.toContain("bounce@example.com");
    expect(row.text_body).toBe("");
    expect(row.html_body).toBe("");
    expect(sink.attempts.at(-1)).toMatch(TOKEN);
  });

  it("sends one Message-ID on every attempt, the one stored when the mail was queued", async () => {
    recordCases("mail safety (outbox, rejections, claims)", 1);
    sink.refusing = true;
    const before = sink.attempts.length;
    await server.db.deleteFrom("outbox").execute();
    await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "bounce@example.com", ProductId: 6 } });
    const queued = await server.db.selectFrom("outbox").select(["id", "message_id"]).executeTakeFirstOrThrow();
    expect(queued.message_id).toMatch(/^<.+@localhost>$/);
    await drainMail(server);
    sink.refusing = false;
    await server.db.updateTable("outbox").set({ next_attempt_at: 0 }).where("id", "=", queued.id).execute();
    await drainMail(server);
    const ids = sink.attempts.slice(before).map(messageIdOf);
    expect(ids).toEqual([queued.message_id, queued.message_id]);
  });
});

describeEachDatabase("mail claims on %s", (kind) => {
  it("retries a crashed worker's claim within 30 s, and renews a slow delivery's claim", async () => {
    recordCases("mail safety (outbox, rejections, claims)", 2);
    expect(CLAIM_MS).toBeLessThanOrEqual(30_000);
    const database = await createTestDatabase(kind);
    const { db } = await openDatabase(database.url);
    const sent: OutgoingMail[] = [];
    const keys = newMailKeySettings();
    const worker = new MailWorker(db, keys, async (mail) => {
      sent.push(mail);
    });
    try {
      await enqueueMail(db, keys, '"DS One" <no-reply@example.com>', "crash@example.com", {
        kind: "access_link",
        subject: "s",
        text: "t",
        html: "h",
      });
      // What a worker that died mid-delivery leaves behind: a claim nobody will release.
      const claimedAt = Date.now();
      await db
        .updateTable("outbox")
        .set({ locked_by: "crashed", locked_until: claimedAt + CLAIM_MS })
        .execute();
      worker.start(silentLogger(), 60_000);
      await worker.idle();
      expect(sent).toHaveLength(0);
      vi.useFakeTimers({ toFake: ["Date"], now: claimedAt + 30_001 });
      worker.deliverNow();
      await worker.idle();
      vi.useRealTimers();
      expect(sent.map((mail) => mail.to)).toEqual(["crash@example.com"]);

      // A delivery slower than the claim keeps its claim: another worker never sends it as well.
      const slowSent: string[] = [];
      const slow = new MailWorker(
        db,
        keys,
        async (mail) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          slowSent.push(mail.subject);
        },
        { claimMs: 200 },
      );
      const eager = new MailWorker(db, keys, async (mail) => void slowSent.push(`${mail.subject} again`), { claimMs: 200 });
      await enqueueMail(db, keys, "no-reply@example.com", "slow@example.com", {
        kind: "access_link",
        subject: "slow",
        text: "t",
        html: "h",
      });
      slow.start(silentLogger(), 60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      eager.start(silentLogger(), 60_000);
      for (let i = 0; i < 6; i++) {
        await new Promise((resolve) => setTimeout(resolve, 120));
        eager.deliverNow();
      }
      await slow.idle();
      await eager.idle();
      await Promise.all([slow.stop(), eager.stop()]);
      expect(slowSent).toEqual(["slow"]);
    } finally {
      vi.useRealTimers();
      await worker.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
