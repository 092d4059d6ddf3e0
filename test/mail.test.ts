import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { enqueueMail, pruneSettledMail } from "../server/mail/outbox.ts";
import { backoffMs, MAX_ATTEMPTS, MailWorker, type OutgoingMail } from "../server/mail/worker.ts";
import { drainMail, silentLogger, startTestServer, type TestServer } from "./support/app.ts";
import { createTestDatabase, describeEachDatabase } from "./support/databases.ts";
import { newMailKeySettings } from "./support/secrets-at-rest.ts";
import { linkIn, SmtpSink } from "./support/smtp-sink.ts";

describeEachDatabase("mail through SMTP on %s", (kind) => {
  let sink: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer(kind, { SMTP_URL: sink.url, MAIL_FROM: "accounts@dsone.example" }, { ownDelivery: true });
    await createAccount(server.db, { email: "mail@example.com" });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const ask = () => server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "mail@example.com", ProductId: 6 } });

  it("delivers the access-link mail, text and HTML, from the brand", async () => {
    const since = sink.messages.length;
    expect((await ask()).json().isOk).toBe(true);
    const mail = await sink.waitFor("mail@example.com", { since });
    expect(mail.raw).toContain("From: DS One <accounts@dsone.example>");
    expect(mail.raw).toContain("Subject: Your DS One sign-in link");
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    expect(linkIn(mail, "/dsone/access-link?token=")).toMatch(/^http:\/\/localhost:3000\/dsone\/access-link\?token=[A-Za-z0-9_-]{43}$/);
  });

  it("keeps a mail while the mail server refuses it, and delivers it once it accepts", async () => {
    sink.refusing = true;
    const since = sink.messages.length;
    expect((await ask()).json().isOk).toBe(true);
    await drainMail(server);
    const waiting = await server.db.selectFrom("outbox").selectAll().where("sent_at", "is", null).executeTakeFirstOrThrow();
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toMatch(/451/);
    expect(waiting.next_attempt_at).toBeGreaterThan(Date.now());

    sink.refusing = false;
    // Bring the retry forward instead of waiting out the backoff.
    await server.db.updateTable("outbox").set({ next_attempt_at: 0 }).where("id", "=", waiting.id).execute();
    await drainMail(server);
    await sink.waitFor("mail@example.com", { since });
    const delivered = await server.db.selectFrom("outbox").selectAll().where("id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(delivered.sent_at).not.toBeNull();
    expect(delivered.attempts).toBe(2);
  });

  it("keeps settled mail for OUTBOX_RETENTION, waiting mail for as long as it waits", async () => {
    const day = 86_400_000;
    await server.db.deleteFrom("outbox").execute();
    for (let count = 0; count < 4; count++) {
      await enqueueMail(server.db, server.config, "accounts@dsone.example", `kept-${count}@example.com`, {
        kind: "new_sign_in",
        subject: "Kept or not",
        text: "text",
        html: "<p>html</p>",
      });
    }
    const rows = await server.db.selectFrom("outbox").select("id").orderBy("to_address").execute();
    const now = Date.now();
    const settle = (index: number, fields: { sent_at?: number; failed_at?: number; created_at?: number }) =>
      server.db
        .updateTable("outbox")
        .set(fields)
        .where("id", "=", rows[index]?.id ?? "")
        .execute();
    await settle(0, { sent_at: now - 31 * day });
    await settle(1, { failed_at: now - 31 * day });
    await settle(2, { sent_at: now - 29 * day });
    // Waiting for a month (the mail server refusing all along): still waiting, still kept.
    await settle(3, { created_at: now - 60 * day });
    await pruneSettledMail(server.db, 30 * day, now);
    const left = await server.db.selectFrom("outbox").select("to_address").orderBy("to_address").execute();
    expect(left.map((row) => row.to_address)).toEqual(["kept-2@example.com", "kept-3@example.com"]);
  });
});

describe("retry schedule", () => {
  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(MAX_ATTEMPTS)).toBe(3_600_000);
  });
});

describeEachDatabase("several mail workers on one %s database", (kind) => {
  it("deliver each mail exactly once", async () => {
    const database = await createTestDatabase(kind);
    const { db } = await openDatabase(database.url);
    const silent = silentLogger();
    const sent: string[] = [];
    // A slow mail server: both workers see the same due mails while the other is sending.
    const slowDelivery = async (mail: OutgoingMail) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(mail.subject);
    };
    const keys = newMailKeySettings();
    const workers = [new MailWorker(db, keys, slowDelivery), new MailWorker(db, keys, slowDelivery)];
    try {
      for (let i = 0; i < 10; i++) {
        await enqueueMail(db, keys, "from@example.com", "to@example.com", {
          kind: "access_link",
          subject: `mail ${i}`,
          text: "t",
          html: "h",
        });
      }
      for (const worker of workers) worker.start(silent, 60_000);
      for (const worker of workers) worker.deliverNow();
      await Promise.all(workers.map((worker) => worker.idle()));
      await Promise.all(workers.map((worker) => worker.idle()));
      expect(sent.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `mail ${i}`).sort());
      const rows = await db.selectFrom("outbox").select(["attempts", "sent_at", "locked_by"]).execute();
      expect(rows.every((row) => row.attempts === 1 && row.sent_at !== null && row.locked_by === null)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await db.destroy();
      await database.drop();
    }
  });
});

describeEachDatabase("recording delivered mail on %s", (kind) => {
  it("tries a failed record again, so a delivered mail is recorded once and not sent again", async () => {
    const database = await createTestDatabase(kind);
    const { db } = await openDatabase(database.url);
    const sent: string[] = [];
    // The database refuses the first record of a delivery, as a dropped connection would.
    let refused = 0;
    const flaky = db.withPlugin({
      transformQuery: ({ node }) => {
        const set = (node as { kind: string; updates?: { column: { column: { name: string } } }[] }).updates ?? [];
        if (node.kind === "UpdateQueryNode" && set.some((update) => update.column.column.name === "sent_at") && refused++ === 0) {
          throw new Error("connection terminated unexpectedly");
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const keys = newMailKeySettings();
    const worker = new MailWorker(flaky, keys, async (mail) => void sent.push(mail.subject));
    try {
      for (let i = 0; i < 3; i++)
        await enqueueMail(db, keys, "from@example.com", "to@example.com", {
          kind: "access_link",
          subject: `mail ${i}`,
          text: "t",
          html: "h",
        });
      worker.start(silentLogger(), 60_000);
      await worker.idle();
      expect(refused).toBeGreaterThanOrEqual(2);
      expect(sent.sort()).toEqual(["mail 0", "mail 1", "mail 2"]);
      const rows = await db.selectFrom("outbox").select(["attempts", "sent_at", "locked_by", "text_body"]).execute();
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.attempts === 1 && row.sent_at !== null && row.locked_by === null && row.text_body === "")).toBe(true);
    } finally {
      await worker.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
