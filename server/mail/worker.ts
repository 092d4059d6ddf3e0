import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/database.ts";

/** Delivers one outbox row; throws when the mail server refuses or cannot be reached. */
export type Deliver = (mail: OutgoingMail, log: FastifyBaseLogger) => Promise<void>;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const MAX_ATTEMPTS = 12;
/** How long a claimed mail is held; longer than an SMTP exchange can last (see SMTP_TIMEOUTS). */
const CLAIM_MS = 5 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const BATCH = 20;

/** 5 s, 10 s, 20 s ... capped at 1 hour: twelve attempts cover about five hours of outage. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);
}

export function smtpDelivery(smtpUrl: string): Deliver {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return async (mail) => {
    await transport.sendMail(mail);
  };
}

/** Without SMTP_URL (outside production) delivering a mail is printing its link; /dev/mailbox shows it whole. */
export function developmentMailbox(publicUrl: string): Deliver {
  return async (mail, log) => {
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    log.info(`[development mailbox] To ${mail.to}: "${mail.subject}" ${link}  (all mail: ${publicUrl}/dev/mailbox)`);
  };
}

/**
 * Polls the outbox and delivers what is due. Several instances may run this worker on one
 * database: a row is claimed by a conditional update that also checks it is still due and
 * unchanged, under a claim id of its own; only the claim's holder records the outcome.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #deliver: Deliver;
  #log: FastifyBaseLogger | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #again = false;
  /** Told each delivery's outcome (the metrics count them). */
  onOutcome: ((outcome: "delivered" | "retry" | "failed") => void) | undefined;

  constructor(db: Db, deliver: Deliver) {
    this.#db = db;
    this.#deliver = deliver;
  }

  start(log: FastifyBaseLogger, intervalMs = 1_000): void {
    this.#log = log;
    this.#timer = setInterval(() => this.kick(), intervalMs);
    this.#timer.unref();
    this.kick();
  }

  /** Runs a delivery pass now (a request that just queued a mail calls this). */
  kick(): void {
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
          this.kick();
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
        .set({ locked_until: claimedAt + CLAIM_MS, locked_by: claim })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("attempts", "=", row.attempts)
        .where("next_attempt_at", "<=", claimedAt)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", claimedAt)]))
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      const mine = this.#db.updateTable("outbox").where("id", "=", row.id).where("locked_by", "=", claim);
      const attempts = row.attempts + 1;
      try {
        await this.#deliver(
          { from: row.from_address, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body },
          this.#log as FastifyBaseLogger,
        );
        await mine.set({ sent_at: Date.now(), locked_until: null, locked_by: null, attempts, last_error: null }).execute();
        this.#log?.info({ mailId: row.id }, "mail delivered");
        this.onOutcome?.("delivered");
      } catch (error) {
        const gaveUp = attempts >= MAX_ATTEMPTS;
        const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
        await mine
          .set({
            attempts,
            locked_until: null,
            locked_by: null,
            last_error: message,
            next_attempt_at: Date.now() + backoffMs(attempts),
            failed_at: gaveUp ? Date.now() : null,
          })
          .execute();
        this.onOutcome?.(gaveUp ? "failed" : "retry");
        this.#log?.warn(
          { mailId: row.id, attempts, gaveUp, error: message },
          gaveUp ? "mail delivery abandoned" : "mail delivery failed; will retry",
        );
      }
    }
  }
}
