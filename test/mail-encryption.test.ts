import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { loadConfig } from "../server/base/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { bodyContext, MailBodyError, MailKeys, mailKeysFor } from "../server/mail/body-encryption.ts";
import { enqueueMail, sealWaitingMail } from "../server/mail/outbox.ts";
import { MailWorker, type OutgoingMail } from "../server/mail/worker.ts";
import { createServer } from "../server/server.ts";
import { silentLogger, startTestServer, type TestServer } from "./support/app.ts";
import { createTestDatabase, describeEachDatabase } from "./support/databases.ts";
import { PRODUCTION_ADDRESSES } from "./support/production-env.ts";
import { newMailKeySettings, secretsAtRest } from "./support/secrets-at-rest.ts";

const TOKEN = /token=([A-Za-z0-9_-]{43})/;
const CODE = /type this code instead \(it works for 10 minutes\): (\d{3} \d{3})/;
const key = () => randomBytes(32);

describe("mail body encryption", () => {
  const row = { id: "mail-1", to_address: "someone@example.com" };
  const context = bodyContext("outbox", row, "text");

  it("seals each body under a fresh IV as v1.<iv>.<tag>.<ciphertext>, and opens it again", () => {
    const keys = new MailKeys([key()]);
    const first = keys.seal("Sign in: https://example.com/?token=secret", context);
    const second = keys.seal("Sign in: https://example.com/?token=secret", context);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("secret");
    expect(keys.open(first, context)).toBe("Sign in: https://example.com/?token=secret");
    expect(keys.open(keys.seal("", context), context)).toBe("");
  });

  it("encrypts with the newest key and opens with any listed one, so keys can be rotated", () => {
    const [older, newer] = [key(), key()];
    const sealedBefore = new MailKeys([older]).seal("before", context);
    const rotated = new MailKeys([newer, older]);
    expect(rotated.open(sealedBefore, context)).toBe("before");
    const sealedAfter = rotated.seal("after", context);
    expect(new MailKeys([newer]).open(sealedAfter, context)).toBe("after");
    expect(() => new MailKeys([older]).open(sealedAfter, context)).toThrow(MailBodyError);
  });

  it("opens a body only for the row, recipient and part it was sealed for", () => {
    const keys = new MailKeys([key()]);
    const sealed = keys.seal("the link", context);
    for (const other of [
      bodyContext("outbox", { ...row, to_address: "attacker@example.com" }, "text"),
      bodyContext("outbox", { ...row, id: "mail-2" }, "text"),
      bodyContext("outbox", row, "html"),
      bodyContext("dev_mailbox", row, "text"),
    ]) {
      expect(() => keys.open(sealed, other)).toThrow(/no key in MAIL_KEYS opens the mail body/);
    }
  });

  it("refuses plain text and damaged envelopes", () => {
    const keys = new MailKeys([key()]);
    expect(() => keys.open("Sign in: https://example.com/?token=secret", context)).toThrow(/not encrypted/);
    const [version, iv, tag, ciphertext] = keys.seal("text", context).split(".");
    expect(() => keys.open(`${version}.${iv}.${tag}.${ciphertext}A`, context)).toThrow(MailBodyError);
    expect(() => keys.open(`${version}.${iv}.AAAA.${ciphertext}`, context)).toThrow(/damaged/);
  });
});

describe("the development mail key file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "mail-key-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lives beside the SQLite file, outside the database, readable by its owner only, and is kept", () => {
    const env = { DATABASE_URL: `file:${join(dir, "account.db")}` };
    const config = loadConfig(env);
    expect(config.mailKeyFile).toBe(join(dir, "mail.key"));
    const sealed = mailKeysFor(config).seal("kept", "context");
    expect(statSync(join(dir, "mail.key")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, "mail.key"), "utf8")).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
    // Another start reads the same key.
    expect(mailKeysFor(loadConfig(env)).open(sealed, "context")).toBe("kept");
  });

  it("is not used when MAIL_KEYS is set, and never in production", () => {
    const mailKeys = `${key().toString("base64")}, ${key().toString("base64url")}`;
    expect(loadConfig({ MAIL_KEYS: mailKeys })).toMatchObject({ mailKeys: mailKeys.split(", "), mailKeyFile: undefined });
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://accounts.example", SMTP_URL: "smtps://mail.example:465" };
    expect(loadConfig({ ...production, ...PRODUCTION_ADDRESSES })).toMatchObject({ mailKeyFile: undefined });
  });

  it("stops the start when it holds no key", async () => {
    const other = mkdtempSync(join(tmpdir(), "mail-key-"));
    try {
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: `file:${join(other, "account.db")}` });
      writeFileSync(join(other, "mail.key"), "not a key\n");
      await expect(createServer(config)).rejects.toThrow(/mail\.key does not hold a mail key/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describeEachDatabase("mail bodies at rest on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, { email: "at-rest@example.com" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("keeps neither the link nor the code of a queued mail in its row or anywhere in the database", async () => {
    // Held in the outbox, as during a mail-server outage: nothing delivers it yet.
    await server.mailWorker.stop();
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "at-rest@example.com", ProductId: 6 },
    });
    expect(asked.json().isOk).toBe(true);
    const row = await server.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    const text = mailKeysFor(server.config).open(row.text_body, bodyContext("outbox", row, "text"));
    const token = text.match(TOKEN)?.[1] as string;
    const code = text.match(CODE)?.[1] as string;
    expect(token).toHaveLength(43);
    expect(code).toMatch(/^\d{3} \d{3}$/);
    expect(row.subject).toBe("Your DS One sign-in link");
    for (const column of [row.text_body, row.html_body]) expect(column).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await secretsAtRest(server.database, [token, code])).toEqual([]);

    // A worker with the key still delivers the mail as it was written, and the link signs in.
    const sent: OutgoingMail[] = [];
    const worker = new MailWorker(server.db, server.config, async (mail) => void sent.push(mail));
    worker.start(silentLogger(), 60_000);
    await worker.idle();
    await worker.stop();
    expect(sent.map((mail) => mail.text)).toEqual([text]);
    const consumed = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(consumed.statusCode).toBe(200);
    expect(await secretsAtRest(server.database, [token, code])).toEqual([]);
  });
});

describeEachDatabase("mail workers and keys on %s", (kind) => {
  it("fail a mail no key opens, saying why, send nothing, and go on with the next", async () => {
    const database = await createTestDatabase(kind);
    const { db } = await openDatabase(database.url);
    const [lost, current] = [newMailKeySettings(), newMailKeySettings()];
    const sent: OutgoingMail[] = [];
    const worker = new MailWorker(db, current, async (mail) => void sent.push(mail));
    try {
      await enqueueMail(db, lost, "no-reply@example.com", "lost@example.com", {
        kind: "access_link",
        subject: "lost",
        text: "t",
        html: "h",
      });
      worker.start(silentLogger(), 60_000);
      await worker.idle();
      const failed = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(sent).toEqual([]);
      expect(failed.failed_at).not.toBeNull();
      expect(failed.last_error).toBe("not sent: no key in MAIL_KEYS opens the mail body (was the key that encrypted it removed or lost?)");
      expect(failed).toMatchObject({ text_body: "", html_body: "", locked_by: null });

      await enqueueMail(db, current, "no-reply@example.com", "next@example.com", {
        kind: "access_link",
        subject: "next",
        text: "t",
        html: "h",
      });
      worker.deliverNow();
      await worker.idle();
      expect(sent.map((mail) => [mail.to, mail.text, mail.html])).toEqual([["next@example.com", "t", "h"]]);
    } finally {
      await worker.stop();
      await db.destroy();
      await database.drop();
    }
  });

  it("encrypt, at start, mail queued before bodies were encrypted", async () => {
    const database = await createTestDatabase(kind);
    const { db } = await openDatabase(database.url);
    const keys = newMailKeySettings();
    const sent: OutgoingMail[] = [];
    const worker = new MailWorker(db, keys, async (mail) => void sent.push(mail));
    try {
      const now = Date.now();
      await db
        .insertInto("outbox")
        .values({
          id: "legacy",
          message_id: "<legacy@example.com>",
          from_address: "no-reply@example.com",
          to_address: "legacy@example.com",
          subject: "queued earlier",
          text_body: "Sign in: https://example.com/?token=plain",
          html_body: "<p>plain</p>",
          created_at: now,
          next_attempt_at: now,
        })
        .execute();
      expect(await sealWaitingMail(db, keys)).toBe(1);
      const sealed = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(sealed.text_body).toMatch(/^v1\./);
      expect(sealed.html_body).toMatch(/^v1\./);
      expect(await sealWaitingMail(db, keys)).toBe(0);
      worker.start(silentLogger(), 60_000);
      await worker.idle();
      expect(sent.map((mail) => [mail.text, mail.html])).toEqual([["Sign in: https://example.com/?token=plain", "<p>plain</p>"]]);
    } finally {
      await worker.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
