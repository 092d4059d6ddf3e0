import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import { normalizeEmail } from "../../common/email.ts";
import { checkpointAfterDeletion, type Db, isPostgres, oneOf } from "../db/database.ts";
import { addCosts, deleteInBatches, type SweepCost } from "../db/retention.ts";
import { insertRow, reusableQuery } from "../db/reusable-query.ts";
import type { Database } from "../db/schema.ts";
import { bodyContext, type MailKeySettings, mailKeysFor } from "./body-encryption.ts";
import type { Mail } from "./templates.ts";

/**
 * Mail leaves through the outbox table, never from inside a request: a mail is written in the same
 * transaction as the token it carries, and the worker delivers it afterwards. If the transaction
 * fails, no mail; if the mail server is down, the mail waits. The bodies are stored encrypted with
 * the mail key (body-encryption.ts), and once delivered or abandoned they are cleared (the worker
 * does that): the database never holds a usable link. The subject carries no secret.
 *
 * The mail keeps its kind and its recipient's normalised address: the worker holds back mail to an
 * address that bounced, and notices to one that complained (delivery-state.ts). `id` lets the
 * caller name the mail beforehand (a sign-in request keeps it, to learn what became of it).
 */
export async function enqueueMail(
  tx: Kysely<Database>,
  keys: MailKeySettings,
  from: string,
  to: string,
  mail: Mail,
  { id = randomUUID() }: { id?: string } = {},
): Promise<void> {
  const now = Date.now();
  const row = { id, to_address: to };
  const sealer = mailKeysFor(keys);
  await insertRow(tx, "outbox", {
    ...row,
    kind: mail.kind,
    to_key: normalizeEmail(to),
    message_id: newMessageId(from),
    from_address: from,
    subject: mail.subject,
    text_body: sealer.seal(mail.text, bodyContext("outbox", row, "text")),
    html_body: sealer.seal(mail.html, bodyContext("outbox", row, "html")),
    created_at: now,
    next_attempt_at: now,
  });
}

/**
 * Encrypts the bodies of mail queued before they were stored encrypted, so the worker can send it
 * (it refuses a body it cannot open). Run at start; a row another instance sealed first is left be.
 */
export async function sealWaitingMail(db: Db, keys: MailKeySettings): Promise<number> {
  const sealer = mailKeysFor(keys);
  const plain = await db
    .selectFrom("outbox")
    .select(["id", "to_address", "text_body", "html_body"])
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("text_body", "not like", "v1.%")
    .execute();
  for (const row of plain) {
    await db
      .updateTable("outbox")
      .set({
        text_body: sealer.seal(row.text_body, bodyContext("outbox", row, "text")),
        html_body: sealer.seal(row.html_body, bodyContext("outbox", row, "html")),
      })
      .where("id", "=", row.id)
      .where("text_body", "=", row.text_body)
      .where("html_body", "=", row.html_body)
      .execute();
  }
  return plain.length;
}

/** A Message-ID on the sender's domain: the same on every attempt, so a second delivery is recognisable. */
export function newMessageId(from: string): string {
  const domain = from.match(/@([^\s<>@]+?)>?$/)?.[1] ?? "localhost";
  return `<${randomUUID()}@${domain}>`;
}

/** A display name with the address, as mail clients show it: "DS One" <no-reply@example.com>. */
export function fromHeader(brandName: string, address: string): string {
  return `"${brandName.replace(/"/g, "")}" <${address}>`;
}

/**
 * Housekeeping: mail delivered or given up longer than `retentionMs` ago goes, recipient and
 * subject with it (its bodies were cleared when it settled). Waiting mail is never touched. The
 * default (OUTBOX_RETENTION, 30 days) is the operations page's longest period, so its counts hold.
 */
export async function pruneSettledMail(db: Db, retentionMs: number, now = Date.now()): Promise<SweepCost> {
  const before = now - retentionMs;
  const cost = addCosts(
    await deleteInBatches(db, "outbox", "sent_at", sql`sent_at < ${before}`),
    await deleteInBatches(db, "outbox", "failed_at", sql`failed_at < ${before}`),
  );
  // A recipient is personal (a deleted account's goodbye mail holds its address until now).
  if (cost.rows > 0) await checkpointAfterDeletion(db);
  return cost;
}

export type OutboxRow = Selectable<Database["outbox"]>;

/** A mail that has settled (delivered, or given up): its bodies cleared and its claim let go. */
export const SETTLED = { text_body: "", html_body: "", locked_until: null, locked_by: null } as const;

/** Mail the worker may take now: waiting, due, and held by no live claim. */
function claimable(now: number) {
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.and([
      eb("sent_at", "is", null),
      eb("failed_at", "is", null),
      eb("next_attempt_at", "<=", now),
      eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]),
    ]);
}

/** The claim of up to `limit` due mails (MailWorker's #claim), compiled once per database: a burst makes hundreds. */
export const claimDue = reusableQuery<{ now: number; until: number; claim: string; limit: number }, OutboxRow>(
  ["now", "until", "claim", "limit"],
  (db, { now, until, claim, limit }) => {
    let pick = db.selectFrom("outbox").select("id").where(claimable(now)).orderBy("next_attempt_at").limit(limit);
    if (isPostgres(db)) pick = pick.forUpdate().skipLocked();
    return db
      .updateTable("outbox")
      .set({ locked_until: until, locked_by: claim })
      .where("id", "in", pick)
      .where(claimable(now))
      .returningAll();
  },
);

/** The claim's mails still waiting kept from lapsing while the worker's lanes are busy: until `until`. */
export async function renewClaim(db: Db, claim: string, until: number): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ locked_until: until })
    .where("locked_by", "=", claim)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .execute();
}

/** The claim's mails still waiting let go, for any instance to take. */
export async function releaseClaim(db: Db, claim: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ locked_until: null, locked_by: null })
    .where("locked_by", "=", claim)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .execute();
}

/** Mails delivered under `claim`, recorded as sent in one statement: bodies cleared, claim let go, one attempt more. */
export async function recordSent(db: Db, claim: string, ids: readonly string[]): Promise<void> {
  await db
    .updateTable("outbox")
    .set((eb) => ({
      ...SETTLED,
      sent_at: Date.now(),
      attempts: eb("attempts", "+", 1),
      last_error: null,
    }))
    .where("locked_by", "=", claim)
    .where((eb) => oneOf(db, eb.ref("id"), ids))
    .execute();
}

/** One mail's outcome written, if `claim` still holds it. */
export async function updateClaimedMail(db: Db, id: string, claim: string, changes: Updateable<Database["outbox"]>): Promise<void> {
  await db.updateTable("outbox").set(changes).where("id", "=", id).where("locked_by", "=", claim).execute();
}

/** A mail's recipient, as written and normalised; undefined when the outbox no longer keeps it. */
export function recipientOf(tx: Kysely<Database>, mailId: string) {
  return tx.selectFrom("outbox").select(["to_address", "to_key"]).where("id", "=", mailId).executeTakeFirst();
}

/** What a mail's reports said so far. */
export function deliveryOf(tx: Kysely<Database>, mailId: string) {
  return tx.selectFrom("outbox").select("delivery").where("id", "=", mailId).executeTakeFirst();
}

/** How far a mail got: its reports' verdict, and whether the relay took it or said "later". */
export function fateOf(db: Kysely<Database>, mailId: string) {
  return db.selectFrom("outbox").select(["delivery", "delivery_code", "attempts", "sent_at"]).where("id", "=", mailId).executeTakeFirst();
}

/** A report's verdict kept on its mail. */
export async function markDelivery(
  tx: Kysely<Database>,
  mailId: string,
  report: Pick<Updateable<Database["outbox"]>, "delivery" | "delivery_code" | "delivery_words" | "reported_at">,
): Promise<void> {
  await tx.updateTable("outbox").set(report).where("id", "=", mailId).execute();
}

/** An address's last mails, newest first, with what became of each. */
export function lastMailRowsTo(db: Kysely<Database>, emailKey: string, limit: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "created_at", "sent_at", "failed_at", "attempts", "last_error", "delivery", "delivery_code", "delivery_words"])
    .where("to_key", "=", emailKey)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Mails sent since `since` (or refused by the relay since), and how many bounced and drew a complaint. */
export function deliveryCountsSince(db: Kysely<Database>, since: number) {
  return db
    .selectFrom("outbox")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("sent"),
      eb.fn.sum<number | string | null>(eb.case().when("delivery", "in", ["bounced", "refused"]).then(1).else(0).end()).as("bounced"),
      eb.fn.sum<number | string | null>(eb.case().when("delivery", "=", "complained").then(1).else(0).end()).as("complained"),
    ])
    .where((eb) => eb.or([eb("sent_at", ">=", since), eb.and([eb("failed_at", ">=", since), eb("delivery", "=", "refused")])]))
    .executeTakeFirstOrThrow();
}

/** Mails waiting (neither sent nor given up): a gauge of the metrics. */
export async function countWaitingMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The mails made since a moment or still waiting, at most `limit`: the operations report's counts. */
export function mailSince(db: Db, since: number, limit: number) {
  return db
    .selectFrom("outbox")
    .select(["sent_at", "failed_at", "attempts"])
    .where((eb) => eb.or([eb("created_at", ">=", since), eb.and([eb("sent_at", "is", null), eb("failed_at", "is", null)])]))
    .limit(limit)
    .execute();
}

/** The last mails not yet sent, newest first: the development mailbox's waiting list. */
export function unsentMail(db: Db) {
  return db
    .selectFrom("outbox")
    .select(["to_address", "subject", "created_at", "attempts", "failed_at"])
    .where("sent_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}

/** Mail to an address (by its normalised form) over the last `days`, newest first: the support console. */
export function recentMailTo(db: Db, emailKey: string, since: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "subject", "created_at", "attempts", "sent_at", "failed_at", "last_error"])
    .where(sql`lower(to_address)`, "=", emailKey)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}

/**
 * Mail to a deleted account's address, sent (its recipient is personal) or still waiting (it must
 * not go out now), deleted inside the deletion's transaction.
 */
export async function deleteMailTo(tx: Kysely<Database>, emailKey: string): Promise<void> {
  await tx.deleteFrom("outbox").where(sql`lower(to_address)`, "=", emailKey).execute();
}
