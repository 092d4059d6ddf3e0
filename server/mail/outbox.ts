import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { normalizeEmail } from "../../common/email.ts";
import { checkpointAfterDeletion, type Db } from "../db/database.ts";
import { addCosts, deleteInBatches, type SweepCost } from "../db/retention.ts";
import { insertRow } from "../db/reusable-query.ts";
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
