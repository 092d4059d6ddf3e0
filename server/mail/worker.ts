import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Updateable } from "kysely";
import { BatchedWrites } from "../db/batched-writes.ts";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { bodyContext, type MailKeySettings, type MailKeys, mailKeysFor } from "./body-encryption.ts";
import { failureOf, withoutAddresses } from "./delivery-failure.ts";
import { type AddressHold, heldAddresses, holdBack, recordRelayRefusal } from "./delivery-state.ts";
import type { MailParts } from "./message.ts";
import { claimDue, newMessageId, type OutboxRow, recordSent, releaseClaim, renewClaim, SETTLED, updateClaimedMail } from "./outbox.ts";
import { type BounceAddress, parseBounceAddress, taggedBounceAddress } from "./verp.ts";

/**
 * Delivers one outbox row; throws when the mail server refuses or cannot be reached. Called for
 * several mails at once (the worker's concurrency). `close`, if any, ends its connections.
 */
export type Deliver = ((mail: OutgoingMail, log: FastifyBaseLogger) => Promise<void>) & { close?: () => void | Promise<void> };

/** A mail to deliver; its `messageId` is its own Message-ID header, the same on every attempt. */
export type OutgoingMail = MailParts;

export const MAX_ATTEMPTS = 12;
/**
 * How long a claimed mail is held before another worker may take it: a worker that crashed
 * mid-delivery delays its mail by at most this. A delivery that takes longer renews its claim.
 */
export const CLAIM_MS = 30_000;

/** 5 s, 10 s, 20 s ... capped at 1 hour: twelve attempts cover about five hours of outage. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);
}

/** A 5xx reply is the mail server's final word (no such mailbox, refused): retrying cannot help. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** An error as it may be stored and logged: without the addresses mail servers like to quote back. */
export function describeDeliveryError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return withoutAddresses(message).slice(0, 500);
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
    // Addresses at a reserved .invalid domain (RFC 2606) are refused as a real relay refuses an
    // unknown mailbox, so the whole journey of an undeliverable address can be tried offline.
    if (/\.invalid>?$/i.test(mail.to)) {
      const response = "550 5.1.1 Recipient address rejected: User unknown (the development mailbox refuses .invalid domains)";
      throw Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
        responseCode: 550,
        response,
        command: "RCPT TO",
      });
    }
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
  /** How long a claim lasts (tests shorten it); renewed every third of it while the worker holds the mail. */
  claimMs?: number;
  /** Mails in flight at once (MAIL_CONCURRENCY); an SMTP delivery opens as many pooled connections. */
  concurrency?: number;
  /** How soon to look again after a pass that delivered mail, for mail another instance queued. */
  busyPollMs?: number;
  /** MAIL_BOUNCE_ADDRESS: the envelope sender, tagged per mail (verp.ts), that reports come back to. */
  bounceAddress?: string;
}

/** Mails in flight at once by default: a relay taking 200 ms a mail then takes 160 a second. */
export const DEFAULT_MAIL_CONCURRENCY = 32;
const BUSY_POLL_MS = 100;
/** A failed record of delivered mail is tried again after this, then twice as long, up to the most. */
const RECORD_RETRY_MS = 100;
const RECORD_RETRY_MAX_MS = 2_000;

/**
 * Delivers what the outbox holds, `concurrency` mails at a time. Several instances may run this
 * worker on one database: due mail is claimed in batches by one conditional update (on PostgreSQL
 * skipping rows another instance is claiming at that moment), under a claim id of the pass; only
 * the claim's holder records the outcome, and the claim is renewed while the worker holds the mail.
 * A pass goes on claiming while it finds due mail; after a pass that delivered, the worker looks
 * again within `busyPollMs`, so an instance that queued none of a burst still helps deliver it.
 * Once a mail is delivered or abandoned its bodies are cleared; recipient, subject, state,
 * attempts and Message-ID stay for the operator. A body no key opens (the key was lost, or the row
 * was altered) is never sent: the mail is marked failed at once, saying why.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #keys: MailKeys;
  readonly #deliver: Deliver;
  readonly #claimMs: number;
  readonly #concurrency: number;
  readonly #busyPollMs: number;
  readonly #bounce: BounceAddress | undefined;
  #log: FastifyBaseLogger | undefined;
  #timer: NodeJS.Timeout | undefined;
  #busyTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #again = false;
  /** Told each delivery's outcome (the metrics count them). */
  onOutcome: ((outcome: "delivered" | "retry" | "failed" | "suppressed") => void) | undefined;

  constructor(db: Db, keys: MailKeySettings, deliver: Deliver, options: MailWorkerOptions = {}) {
    this.#db = db;
    this.#keys = mailKeysFor(keys);
    this.#deliver = deliver;
    this.#claimMs = options.claimMs ?? CLAIM_MS;
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_MAIL_CONCURRENCY));
    this.#busyPollMs = options.busyPollMs ?? BUSY_POLL_MS;
    this.#bounce = options.bounceAddress ? parseBounceAddress(options.bounceAddress) : undefined;
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
    clearTimeout(this.#busyTimer);
    this.#busyTimer = undefined;
    let delivered = 0;
    this.#running = this.#pass(() => delivered++)
      .catch((error: unknown) => this.#log?.error({ err: error }, "mail worker pass failed"))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.deliverNow();
        } else if (delivered > 0 && !this.#stopped) {
          // Busy: another instance may be queueing a burst this one should help with.
          this.#busyTimer = setTimeout(() => this.deliverNow(), this.#busyPollMs);
          this.#busyTimer.unref();
        }
      });
  }

  /** Stops taking mail, lets the mails in flight finish, and hands back the ones claimed but not begun. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#busyTimer);
    await this.#running;
    await this.#deliver.close?.();
  }

  /** Waits until the current pass is over: tests use it to observe a settled outbox. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * One pass: up to `concurrency` lanes deliver from a queue the pass fills by claiming due mail in
   * batches (up to twice `concurrency` held at a time), until a claim comes back short and no new
   * mail was queued meanwhile. Mail still queued when the worker stops is released for anyone to take.
   */
  async #pass(onDelivered: () => void): Promise<void> {
    const claim = randomUUID();
    // Deliveries are recorded together while a record is being written: one update for many mails.
    const deliveries = new BatchedWrites<string, undefined>((ids) => this.#recordDelivered(claim, ids));
    const queue: OutboxRow[] = [];
    // The claimed mails' addresses that bounced or complained: their mail is held back, not sent.
    const held = new Map<string, AddressHold>();
    let inFlight = 0;
    let drained = false;
    let claiming: Promise<void> | undefined;
    // Lanes are started as claimed mail waits for one, up to `concurrency`; each ends when the
    // queue is empty and the last claim came back short. A lane that fails (the database gone)
    // ends the pass: the others finish their mail and stop.
    let lanes = 0;
    let failure: { error: unknown } | undefined;
    let allDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const claimMore = () => {
      claiming ??= (async () => {
        this.#again = false;
        const wanted = 2 * this.#concurrency - inFlight - queue.length;
        const rows = await this.#claim(claim, wanted);
        // Read afresh for each batch: an address cleared meanwhile gets its mail.
        for (const row of rows) held.delete(row.to_key ?? "");
        for (const [key, standing] of await heldAddresses(this.#db, rows)) held.set(key, standing);
        queue.push(...rows);
        drained = rows.length < wanted;
        startLanes();
      })().finally(() => {
        claiming = undefined;
      });
      return claiming;
    };
    const lane = async () => {
      while (!this.#stopped && !failure) {
        if (queue.length === 0) {
          if (claiming) await claiming;
          else if (drained && !this.#again) return;
          else await claimMore();
          continue;
        }
        const row = queue.shift() as OutboxRow;
        inFlight++;
        try {
          if (await this.#send(row, claim, deliveries, held.get(row.to_key ?? ""))) onDelivered();
        } finally {
          inFlight--;
        }
      }
    };
    const startLanes = () => {
      while (lanes < this.#concurrency && (lanes === 0 || queue.length > lanes - inFlight)) {
        lanes++;
        lane()
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            lanes--;
            if (lanes === 0) allDone();
          });
      }
    };
    // A mail queued but not yet begun must not see its claim lapse while the lanes are busy.
    const renewal = setInterval(
      () => {
        renewClaim(this.#db, claim, Date.now() + this.#claimMs).catch((error: unknown) =>
          this.#log?.warn({ err: error }, "mail claim renewal failed"),
        );
      },
      Math.max(10, Math.floor(this.#claimMs / 3)),
    );
    try {
      startLanes();
      await done;
      if (failure) throw failure.error;
    } finally {
      clearInterval(renewal);
      if (queue.length > 0) {
        await releaseClaim(this.#db, claim);
      }
    }
  }

  /**
   * Claims up to `limit` due mails under `claim` in one statement, oldest due first. On PostgreSQL
   * rows another instance's claim holds locked are skipped, so two instances take different mail
   * at once instead of queueing on the same rows; the outer conditions are checked again either way.
   */
  async #claim(claim: string, limit: number): Promise<OutboxRow[]> {
    if (limit <= 0) return [];
    const now = Date.now();
    const rows = await claimDue(this.#db, { now, until: now + this.#claimMs, claim, limit });
    return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.created_at - b.created_at);
  }

  /**
   * Records mails delivered under `claim` as sent, in one statement: bodies cleared, claim let go,
   * one attempt more. Only rows the claim still holds change. A record that fails (the database
   * restarting) is tried again, waiting longer each time, for up to half the claim time: a mail
   * left unrecorded is sent again once its claim lapses, and a failed record holds every mail of
   * its batch. The claim's renewal keeps the mails meanwhile.
   */
  async #recordDelivered(claim: string, ids: readonly string[]): Promise<undefined[]> {
    const giveUpAt = Date.now() + this.#claimMs / 2;
    for (let wait = RECORD_RETRY_MS; ; wait = Math.min(2 * wait, RECORD_RETRY_MAX_MS)) {
      try {
        await recordSent(this.#db, claim, ids);
        return ids.map(() => undefined);
      } catch (error) {
        if (Date.now() + wait > giveUpAt) throw error;
        this.#log?.warn({ err: error, mails: ids.length }, "recording delivered mail failed; trying again");
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Delivers one claimed mail and records the outcome; true when it was delivered. A delivery is
   * recorded with the others that end while one record is being written (`deliveries`): under a
   * burst the record follows the relay's acceptance by at most one more write, which is all it
   * adds to the window in which a crash sends a mail twice (decision 15).
   */
  async #send(
    row: OutboxRow,
    claim: string,
    deliveries: BatchedWrites<string, undefined>,
    hold: AddressHold | undefined,
  ): Promise<boolean> {
    // An outcome is written only while this pass's claim still holds the mail.
    const mine = (changes: Updateable<Database["outbox"]>) => updateClaimedMail(this.#db, row.id, claim, changes);
    const why = holdBack(row, hold);
    if (why) {
      // Sending again to a mailbox that bounced, or a notice to one that said spam, risks every
      // customer's mail with the relay: kept as not sent, and why, for support to see.
      await mine({ ...SETTLED, failed_at: Date.now(), delivery: "suppressed", delivery_code: hold?.code ?? null, last_error: why });
      this.onOutcome?.("suppressed");
      this.#log?.info({ mailId: row.id, messageId: row.message_id }, why);
      return false;
    }
    let text: string;
    let html: string;
    try {
      text = this.#keys.open(row.text_body, bodyContext("outbox", row, "text"));
      html = this.#keys.open(row.html_body, bodyContext("outbox", row, "html"));
    } catch (error) {
      // Retrying cannot bring a key back, and sending what did not decrypt would be garbage.
      const message = `not sent: ${error instanceof Error ? error.message : String(error)}`;
      await mine({ ...SETTLED, last_error: message, failed_at: Date.now() });
      this.onOutcome?.("failed");
      this.#log?.error({ mailId: row.id, messageId: row.message_id, error: message }, "mail body cannot be decrypted; mail abandoned");
      return false;
    }
    const attempts = row.attempts + 1;
    // Rows queued before Message-IDs were stored get one now, kept for every later attempt.
    const messageId = row.message_id ?? newMessageId(row.from_address);
    if (row.message_id === null) await mine({ message_id: messageId });
    try {
      await this.#deliver(
        {
          from: row.from_address,
          to: row.to_address,
          subject: row.subject,
          text,
          html,
          messageId,
          ...(this.#bounce ? { envelopeFrom: taggedBounceAddress(this.#bounce, this.#keys, row.id) } : {}),
        },
        this.#log as FastifyBaseLogger,
      );
    } catch (error) {
      const permanent = isPermanentFailure(error);
      const gaveUp = permanent || attempts >= MAX_ATTEMPTS;
      const message = describeDeliveryError(error);
      await mine({
        ...(gaveUp ? SETTLED : { locked_until: null, locked_by: null }),
        attempts,
        last_error: message,
        next_attempt_at: Date.now() + backoffMs(attempts),
        failed_at: gaveUp ? Date.now() : null,
      });
      // The relay's own refusal, at once: kept on the mail, and on the address when it was the address.
      if (permanent) await recordRelayRefusal(this.#db, row, failureOf(error));
      this.onOutcome?.(gaveUp ? "failed" : "retry");
      this.#log?.warn(
        { mailId: row.id, messageId, attempts, gaveUp, permanent, error: message },
        gaveUp ? "mail delivery abandoned" : "mail delivery failed; will retry",
      );
      return false;
    }
    await deliveries.add(row.id);
    this.#log?.info({ mailId: row.id, messageId }, "mail delivered");
    this.onOutcome?.("delivered");
    return true;
  }
}
