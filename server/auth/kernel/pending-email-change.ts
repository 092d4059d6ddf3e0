import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { markTokensUsed } from "./one-time-tokens.ts";

/*
 * A pending email change (account/email-change/) ends when the owner takes the account back by
 * another way as well: a password reset or change, and "sign out everywhere" (else), end it
 * (docs/decisions/0070, 0078).
 */

/** "superseded": the undo of an earlier change ended it (account/email-change/take-back.ts). */
export type EndedHow = "cancelled" | "replaced" | "undone" | "superseded";

/**
 * Ends the account's pending requests (a newer one replaces them, an undo or a cancellation ends
 * them), spending their links so that neither confirms nor cancels any more.
 */
export async function endPendingChanges(tx: Kysely<Database>, accountId: string, how: EndedHow): Promise<void> {
  const now = Date.now();
  const ended = await tx
    .updateTable("email_changes")
    .set({ ended_at: now, ended_how: how })
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is", null)
    .where("ended_at", "is", null)
    .returning(["token_hash", "cancel_token_hash"])
    .execute();
  const hashes = ended.flatMap((row) => [row.token_hash, row.cancel_token_hash]);
  if (hashes.length > 0) await markTokensUsed(tx, hashes, now);
}
