import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/database.ts";
import { bodyContext, type MailKeySettings, type MailKeys, mailKeysFor } from "./body-encryption.ts";
import { newMessageId } from "./outbox.ts";

/** Delivers one outbox row; throws when the mail server refuses or cannot be reached. */
export type Deliver = (mail: OutgoingMail, log: FastifyBaseLogger) => Promise<void>;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's own Message-ID header, the same on every attempt. */
  messageId: string;
}

export const MAX_ATTEMPTS = 12;
/**
 * How long a claimed mail is held before another worker may take it: a worker that crashed
 * mid-delivery delays its mail by at most this. A delivery that takes longer renews its claim.
 */
export const CLAIM_MS = 30_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const BATCH = 20;

/** 5 s, 10 s, 20 s ... capped at 1 hour: twelve attempts cover about five hours of outage. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);
}

/** A 5xx reply is the mail server's final word (no such mailbox, refused): retrying cannot help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

const EMAIL_ADDRESS = /[^\s<>"'():;,[\]]+@[^\s<>"'():;,[\]]+/g;

/** An error as it may be stored and logged: without the addresses mail servers like to quote back. */
export function describeDeliveryError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(EMAIL_ADDRESS, "redacted").slice(0, 500);
}

export function smtpDelivery(smtpUrl: string): Deliver {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return async (mail) => {
    await transport.sendMail(mail);
  };
}

/**
 * Without SMTP_URL (outside production) the development mailbox is where mail is delivered: a
 * table of its own that /dev/mailbox shows, so the outbox is cleared as it is in production. Its
 * bodies are encrypted like the outbox's: a copy of the data folder's database holds no link. The
 * console prints each mail's link. A second delivery of one Message-ID is not stored twice.
 */
export function developmentMailbox(db: Db, settings: MailKeySettings & { publicUrl: string }): Deliver {
  const keys = mailKeysFor(settings);
  return async (mail, log) => {
    const row = { id: randomUUID(), to_address: mail.to };
    await db
      .insertInto("dev_mailbox")
      .values({
        ...row,
        message_id: mail.messageId,
        from_address: mail.from,
        subject: mail.subject,
        text_body: keys.seal(mail.text, bodyContext("dev_mailbox", row, "text")),
        html_body: keys.seal(mail.html, bodyContext("dev_mailbox", row, "html")),
        delivered_at: Date.now(),
      })
      .onConflict((conflict) => conflict.column("message_id").doNothing())
      .execute();
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    log.info(`[development mailbox] To ${mail.to}: "${mail.subject}" ${link}  (all mail: ${settings.publicUrl}/dev/mailbox)`);
  };
}

/** Creates the development mailbox's table when the mailbox is on (never in production). */
export async function prepareDevelopmentMailbox(db: Db): Promise<void> {
  await db.schema
    .createTable("dev_mailbox")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("from_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("delivered_at", "bigint", (c) => c.notNull())
    .execute();
}

export interface MailWorkerOptions {
  /** How long a claim lasts (tests shorten it); renewed every third of it during a delivery. */
  claimMs?: number;
}

/**
 * Polls the outbox and delivers what is due. Several instances may run this worker on one
 * database: a row is claimed by a conditional update that also checks it is still due and
 * unchanged, under a claim id of its own; only the claim's holder records the outcome. Once a
 * mail is delivered or abandoned its bodies are cleared; recipient, subject, state, attempts and
 * Message-ID stay for the operator. A body no key opens (the key was lost, or the row was altered)
 * is never sent: the mail is marked failed at once, saying why.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #keys: MailKeys;
  readonly #deliver: Deliver;
  readonly #claimMs: number;
  #log: FastifyBaseLogger | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #again = false;
  /** Told each delivery's outcome (the metrics count them). */
  onOutcome: ((outcome: "delivered" | "retry" | "failed") => void) | undefined;

  constructor(db: Db, keys: MailKeySettings, deliver: Deliver, options: MailWorkerOptions = {}) {
    this.#db = db;
    this.#keys = mailKeysFor(keys);
    this.#deliver = deliver;
    this.#claimMs = options.claimMs ?? CLAIM_MS;
  }

  start(log: FastifyBaseLogger, intervalMs = 1_000): void {
    this.#log = log;
    this.#timer = setInterval(() => this.deliverNow(), intervalMs);
    this.#timer.unref();
    this.deliverNow();
  }

  /** Runs a delivery pass now (a request that just queued a mail calls this). */
  deliverNow(): void {
    if (this.#stopped || !this.#log) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => this.#log?.error({ err: error }, "mail worker pass failed"))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.deliverNow();
        }
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Waits until the current pass is over: tests use it to observe a settled outbox. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #pass(): Promise<void> {
    const now = Date.now();
    const due = await this.#db
      .selectFrom("outbox")
      .selectAll()
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(BATCH)
      .execute();
    for (const row of due) {
      if (this.#stopped) return;
      const claim = randomUUID();
      const claimedAt = Date.now();
      const claimed = await this.#db
        .updateTable("outbox")
        .set({ locked_until: claimedAt + this.#claimMs, locked_by: claim })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("attempts", "=", row.attempts)
        .where("next_attempt_at", "<=", claimedAt)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", claimedAt)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      const mine = () => this.#db.updateTable("outbox").where("id", "=", row.id).where("locked_by", "=", claim);
      const cleared = { text_body: "", html_body: "", locked_until: null, locked_by: null };
      let text: string;
      let html: string;
      try {
        text = this.#keys.open(row.text_body, bodyContext("outbox", row, "text"));
        html = this.#keys.open(row.html_body, bodyContext("outbox", row, "html"));
      } catch (error) {
        // Retrying cannot bring a key back, and sending what did not decrypt would be garbage.
        const message = `not sent: ${error instanceof Error ? error.message : String(error)}`;
        await mine()
          .set({ ...cleared, last_error: message, failed_at: Date.now() })
          .execute();
        this.onOutcome?.("failed");
        this.#log?.error({ mailId: row.id, messageId: row.message_id, error: message }, "mail body cannot be decrypted; mail abandoned");
        continue;
      }
      // A slow mail server must not let the claim lapse while this worker is still talking to it.
      const renewal = setInterval(
        () => {
          mine()
            .set({ locked_until: Date.now() + this.#claimMs })
            .execute()
            .catch((error: unknown) => this.#log?.warn({ err: error, mailId: row.id }, "mail claim renewal failed"));
        },
        Math.max(10, Math.floor(this.#claimMs / 3)),
      );
      const attempts = row.attempts + 1;
      // Rows queued before Message-IDs were stored get one now, kept for every later attempt.
      const messageId = row.message_id ?? newMessageId(row.from_address);
      if (row.message_id === null) await mine().set({ message_id: messageId }).execute();
      try {
        await this.#deliver(
          { from: row.from_address, to: row.to_address, subject: row.subject, text, html, messageId },
          this.#log as FastifyBaseLogger,
        );
        clearInterval(renewal);
        await mine()
          .set({ ...cleared, sent_at: Date.now(), attempts, last_error: null })
          .execute();
        this.#log?.info({ mailId: row.id, messageId }, "mail delivered");
        this.onOutcome?.("delivered");
      } catch (error) {
        clearInterval(renewal);
        const permanent = isPermanentFailure(error);
        const gaveUp = permanent || attempts >= MAX_ATTEMPTS;
        const message = describeDeliveryError(error);
        await mine()
          .set({
            ...(gaveUp ? cleared : { locked_until: null, locked_by: null }),
            attempts,
            last_error: message,
            next_attempt_at: Date.now() + backoffMs(attempts),
            failed_at: gaveUp ? Date.now() : null,
          })
          .execute();
        this.onOutcome?.(gaveUp ? "failed" : "retry");
        this.#log?.warn(
          { mailId: row.id, messageId, attempts, gaveUp, permanent, error: message },
          gaveUp ? "mail delivery abandoned" : "mail delivery failed; will retry",
        );
      }
    }
  }
}
