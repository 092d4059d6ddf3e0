import type { Kysely } from "kysely";
import { normalizeEmail } from "../../common/email.ts";
import type { UndeliveredReason } from "../../common/undelivered.ts";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { type DeliveryFailure, withoutAddresses } from "./delivery-failure.ts";
import { MAIL_KINDS, type MailKind, stoppedByComplaint } from "./mail-kinds.ts";
import { deliveryCountsSince, deliveryOf, lastMailRowsTo, markDelivery, recipientOf } from "./outbox.ts";

/*
 * What became of each mail past the relay, and what each address's mailbox said
 * (docs/decisions/0087). A mail is refused (the relay's 5xx at once), bounced or delayed (a
 * delivery status notification, RFC 3464), or complained about (a feedback report, RFC 5965); an
 * address that bounced gets no mail until someone clears it, one that complained gets no notices.
 * Every change here is to the one mail a report names and that mail's own recipient.
 */

/** What a relay or a report said of one mail. */
export interface DeliveryVerdict {
  delivery: "refused" | "bounced" | "delayed" | "complained";
  /** The SMTP reply and enhanced status codes, as far as known: "550 5.1.1", "5.2.2". */
  code: string | null;
  /** The relay's or the remote server's own words, addresses redacted, at most 500 characters. */
  words: string | null;
}

/** The address's standing, as the screens, support and the CLI read it. */
export interface AddressStanding {
  bounced: { at: number; reason: UndeliveredReason; code: string | null; words: string | null; mailId: string | null } | null;
  complainedAt: number | null;
}

/** Words as they may be kept and shown: without the addresses servers quote back, and short. */
export function redactedWords(text: string): string {
  return withoutAddresses(text).replace(/\s+/g, " ").trim().slice(0, 500);
}

/** The enhanced status code (RFC 3463) in a reply or a report's Status field, if any. */
export function enhancedStatus(text: string): string | undefined {
  return text.match(/\b([245]\.\d{1,3}\.\d{1,3})\b/)?.[1];
}

/**
 * The customer's words for a failure's status: the mailbox does not exist (or was disabled, or its
 * domain takes no mail), is full, or the receiving server blocked the mail (policy, spam). RFC 3463:
 * X.1.* addressing, X.2.* mailbox, X.7.* security and policy.
 */
export function reasonOf(status: string | undefined): UndeliveredReason {
  if (!status) return "other";
  const [, subject, detail] = status.split(".").map(Number);
  if (subject === 1 && detail !== undefined && RECIPIENT_ADDRESSING.has(detail)) return "no_mailbox";
  if (subject === 2 && detail === 1) return "no_mailbox";
  if (subject === 2 && detail === 2) return "mailbox_full";
  if (subject === 7) return "blocked";
  return "other";
}

/**
 * The X.1.* statuses that are about the recipient's address (RFC 3463): bad mailbox (1), bad system
 * (2), bad syntax (3), moved (6), no mail at that domain (10). X.1.7 and X.1.8 are about the
 * sender's address, and X.1.0 is said of either.
 */
const RECIPIENT_ADDRESSING = new Set([1, 2, 3, 6, 10]);

/** The verdicts that mean the mail did not arrive, and that the address stops getting mail. */
const UNDELIVERED = new Set(["refused", "bounced", "suppressed"]);

export function isUndelivered(delivery: string | null): boolean {
  return delivery !== null && UNDELIVERED.has(delivery);
}

/** A later verdict replaces an earlier one only when it says more: a complaint over all, a failure over a delay. */
const WEIGHT: Record<string, number> = { delayed: 1, refused: 2, bounced: 2, suppressed: 2, complained: 3 };

/** The short reference the customer quotes to support, which support finds among the address's mails. */
export function mailReference(mailId: string): string {
  return mailId.replaceAll("-", "").slice(0, 10).toUpperCase();
}

/**
 * A refusal by the relay itself, at once (a 5xx the worker was answered): kept on the mail; the
 * address is marked bounced only when the refusal was of the recipient (at RCPT TO) and about the
 * address or the mailbox. A refusal of anything else (a relay that will not relay for us, a
 * policy of the relay's) is the operator's to fix, not the customer's address.
 */
export async function recordRelayRefusal(db: Db, mail: { id: string; to_address: string }, failure: DeliveryFailure): Promise<void> {
  const said = failure.response ?? failure.message;
  const status = enhancedStatus(said);
  const verdict: DeliveryVerdict = {
    delivery: "refused",
    code: [failure.responseCode, status].filter((part) => part !== undefined).join(" ") || null,
    words: redactedWords(said),
  };
  const reason = reasonOf(status);
  // A relay checks the sender when the recipient is given (Postfix's smtpd_delay_reject), so a
  // refusal of our own bounce address comes at RCPT TO too: it is never the recipient's doing.
  const aboutTheAddress =
    /^RCPT/i.test(failure.command ?? "") && (reason === "no_mailbox" || reason === "mailbox_full") && !/\bsender\b/i.test(said);
  await db.transaction().execute(async (tx) => {
    await markMail(tx, mail.id, verdict);
    if (aboutTheAddress) await markAddress(tx, normalizeEmail(mail.to_address), mail.id, verdict, reason);
  });
}

/**
 * A delivery report or a complaint about the mail `mailId` (its tag verified by the caller):
 * kept on that mail, and on its own recipient's address. Answers false when no such mail is kept
 * (settled longer than the outbox keeps mail, or never queued here): nothing changes then.
 */
export async function recordReport(db: Db, mailId: string, verdict: DeliveryVerdict, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const mail = await recipientOf(tx, mailId);
    if (!mail) return false;
    await markMail(tx, mailId, verdict, now);
    const emailKey = mail.to_key ?? normalizeEmail(mail.to_address);
    if (verdict.delivery === "bounced") await markAddress(tx, emailKey, mailId, verdict, reasonOf(enhancedStatus(verdict.code ?? "")), now);
    if (verdict.delivery === "complained")
      await tx
        .insertInto("mail_addresses")
        .values({ email_key: emailKey, complained_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column("email_key").doUpdateSet({ complained_at: now, updated_at: now }))
        .execute();
    return true;
  });
}

async function markMail(tx: Kysely<Database>, mailId: string, verdict: DeliveryVerdict, now = Date.now()): Promise<void> {
  const row = await deliveryOf(tx, mailId);
  if (row?.delivery && (WEIGHT[row.delivery] ?? 0) > (WEIGHT[verdict.delivery] ?? 0)) return;
  await markDelivery(tx, mailId, {
    delivery: verdict.delivery,
    delivery_code: verdict.code,
    delivery_words: verdict.words,
    reported_at: now,
  });
}

async function markAddress(
  tx: Kysely<Database>,
  emailKey: string,
  mailId: string,
  verdict: DeliveryVerdict,
  reason: UndeliveredReason,
  now = Date.now(),
): Promise<void> {
  const bounce = {
    bounced_at: now,
    bounce_reason: reason,
    bounce_code: verdict.code,
    bounce_words: verdict.words,
    bounce_mail_id: mailId,
    updated_at: now,
  };
  await tx
    .insertInto("mail_addresses")
    .values({ email_key: emailKey, ...bounce })
    .onConflict((conflict) => conflict.column("email_key").doUpdateSet(bounce))
    .execute();
}

/** Where an address stands; both null for one nothing was heard of. */
export async function addressStanding(db: Kysely<Database>, email: string): Promise<AddressStanding> {
  const row = await db.selectFrom("mail_addresses").selectAll().where("email_key", "=", normalizeEmail(email)).executeTakeFirst();
  return {
    bounced:
      row?.bounced_at != null
        ? {
            at: Number(row.bounced_at),
            reason: (row.bounce_reason ?? "other") as UndeliveredReason,
            code: row.bounce_code,
            words: row.bounce_words,
            mailId: row.bounce_mail_id,
          }
        : null,
    complainedAt: row?.complained_at != null ? Number(row.complained_at) : null,
  };
}

/**
 * Lets mail go to the address again: its bounce and complaint forgotten (the mails keep what they
 * were told). Answers what was cleared; the caller writes the trail.
 */
export async function clearAddress(db: Kysely<Database>, email: string): Promise<{ bounced: boolean; complained: boolean }> {
  const cleared = await db
    .deleteFrom("mail_addresses")
    .where("email_key", "=", normalizeEmail(email))
    .returning(["bounced_at", "complained_at"])
    .executeTakeFirst();
  return { bounced: cleared?.bounced_at != null, complained: cleared?.complained_at != null };
}

/**
 * Lets mail go to the address again after a bounce, keeping a complaint (its owner's own "this is
 * spam" still stops notices): what "Try my email again" on the account page does. Answers whether
 * there was a bounce to forget; the caller writes the trail.
 */
export async function clearBounce(db: Kysely<Database>, email: string): Promise<boolean> {
  const key = normalizeEmail(email);
  const gone = await db
    .deleteFrom("mail_addresses")
    .where("email_key", "=", key)
    .where("bounced_at", "is not", null)
    .where("complained_at", "is", null)
    .returning("email_key")
    .executeTakeFirst();
  if (gone) return true;
  const kept = await db
    .updateTable("mail_addresses")
    .set({ bounced_at: null, bounce_reason: null, bounce_code: null, bounce_words: null, bounce_mail_id: null, updated_at: Date.now() })
    .where("email_key", "=", key)
    .where("bounced_at", "is not", null)
    .returning("email_key")
    .executeTakeFirst();
  return kept !== undefined;
}

/** One of an address's last mails, as support and the CLI show it. */
export interface MailRecord {
  reference: string;
  kind: string | null;
  queuedAt: number;
  /** queued, sent, deferred (tried, waiting to try again), failed, or a verdict (refused, bounced, delayed, complained, suppressed). */
  state: string;
  code: string | null;
  words: string | null;
}

/** The address's last mails, newest first. */
export async function lastMailsTo(db: Kysely<Database>, email: string, limit = 10): Promise<MailRecord[]> {
  const rows = await lastMailRowsTo(db, normalizeEmail(email), limit);
  return rows.map((row) => ({
    reference: mailReference(row.id),
    kind: row.kind,
    queuedAt: Number(row.created_at),
    state: row.delivery ?? (row.sent_at !== null ? "sent" : row.failed_at !== null ? "failed" : row.attempts > 0 ? "deferred" : "queued"),
    code: row.delivery_code,
    words: row.delivery_words ?? (row.failed_at !== null ? row.last_error : null),
  }));
}

/** Bounce and complaint rates over a period, as relays count them: of the mails sent in it. */
export interface DeliveryRates {
  sent: number;
  bounced: number;
  complained: number;
}

/** Mails sent since `since`, and how many of them bounced (or were refused) and drew a complaint. */
export async function deliveryRatesSince(db: Kysely<Database>, since: number): Promise<DeliveryRates> {
  const row = await deliveryCountsSince(db, since);
  return { sent: Number(row.sent), bounced: Number(row.bounced ?? 0), complained: Number(row.complained ?? 0) };
}

/** Why mail to an address is held back: it bounced, or (notices only) its owner complained. */
export interface AddressHold {
  bounced: boolean;
  complained: boolean;
  code: string | null;
}

/** The addresses of these mails that bounced or complained, by normalised address: one read for a claimed batch. */
export async function heldAddresses(db: Kysely<Database>, mails: readonly { to_key: string | null }[]): Promise<Map<string, AddressHold>> {
  const keys = [...new Set(mails.map((mail) => mail.to_key).filter((key): key is string => key !== null))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("mail_addresses")
    .select(["email_key", "bounced_at", "complained_at", "bounce_code"])
    .where("email_key", "in", keys)
    .execute();
  return new Map(
    rows.map((row) => [row.email_key, { bounced: row.bounced_at !== null, complained: row.complained_at !== null, code: row.bounce_code }]),
  );
}

/** Why this mail is not sent, if it is not: words for the outbox's record (never the customer's). */
export function holdBack(mail: { kind: string | null }, hold: AddressHold | undefined): string | undefined {
  if (!hold) return undefined;
  if (hold.bounced) return "not sent: mail to this address bounced; it gets none until cleared";
  if (hold.complained && mail.kind !== null && mail.kind in MAIL_KINDS && stoppedByComplaint(mail.kind as MailKind))
    return "not sent: the recipient marked our mail as spam, and this is a notice";
  return undefined;
}
