import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { newId } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";
import type { Mail } from "./templates.ts";

/**
 * Mail leaves through the outbox table, never from inside a request: a mail is written in the same
 * transaction as the token it carries, and the worker delivers it afterwards. If the transaction
 * fails, no mail; if the mail server is down, the mail waits. Once delivered or abandoned, its
 * bodies are cleared (the worker does that): the outbox keeps no usable link.
 */
export async function enqueueMail(tx: Kysely<Database>, from: string, to: string, mail: Mail): Promise<void> {
  const now = Date.now();
  await tx
    .insertInto("outbox")
    .values({
      id: newId(),
      message_id: newMessageId(from),
      from_address: from,
      to_address: to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
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
