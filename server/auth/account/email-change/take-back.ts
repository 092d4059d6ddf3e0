import { maskEmail, normalizeEmail } from "../../../../common/email.ts";
import type { Config } from "../../../config.ts";
import type { Db } from "../../../db/database.ts";
import { AppError } from "../../../errors.ts";
import { recordAuditEvent } from "../../kernel/audit-trail.ts";
import type { Caller } from "../../kernel/caller.ts";
import { PURPOSES, spendToken } from "../../kernel/one-time-tokens.ts";
import { removePasskeysAddedBy, removePasskeysOf } from "../../kernel/passkey-removal.ts";
import { endPendingChanges } from "../../kernel/pending-email-change.ts";
import { enforceLimits } from "../../kernel/rate-limit.ts";
import { endEverySignIn } from "../../kernel/sign-out.ts";
import { signOutBrowser } from "../../kernel/signed-in-places.ts";
import { hashSecret } from "../../kernel/tokens.ts";
import { changeByToken, peekChange, whyNot } from "./shared.ts";

/**
 * The old address takes an email change back (docs/decisions/0070):
 *
 * - before the new address confirmed, "This wasn't me" in the notice cancels the request and
 *   signs out the browser that asked for it, with the passkeys it added;
 * - after, the undo link in "Your email was changed" (7 days) restores the old address, signs
 *   every browser and app out, and removes what was added to the account since the request
 *   (passkeys, a password set or changed, Google logins linked), so the account is the real
 *   owner's again. Whoever presses either is signed in nowhere by it; the owner signs in with the
 *   emailed link, which goes to the old address again.
 *
 * Opening either link changes nothing (mail scanners open links); their buttons do, once.
 */

const limit = (db: Db, config: Config, caller: Caller) => enforceLimits(db, config, [["emailChangeLinkPerIp", caller.address]], "attempts");

/** What "This wasn't me" shows before its button: the address asked for (masked) and when. */
export async function checkCancelEmailChange(db: Db, config: Config, caller: Caller, token: string) {
  await limit(db, config, caller);
  const row = await peekChange(db, PURPOSES.emailChangeCancel, "cancel_token_hash", token);
  return { newEmail: maskEmail(row.new_email), requestedAt: Number(row.requested_at) };
}

export async function cancelEmailChange(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await limit(db, config, caller);
  const asked = await db.transaction().execute(async (tx) => {
    const row = await changeByToken(tx, "cancel_token_hash", hashSecret(token));
    try {
      await spendToken(tx, PURPOSES.emailChangeCancel, token);
    } catch (error) {
      throw error instanceof AppError ? whyNot(row, error, PURPOSES.emailChangeCancel) : error;
    }
    if (!row) throw new AppError("EMAIL_CHANGE_LINK_UNKNOWN");
    await endPendingChanges(tx, row.account_id, "cancelled");
    if (row.session_hash) await removePasskeysAddedBy(tx, row.account_id, row.session_hash, { caller });
    await recordAuditEvent(
      tx,
      { event: "email_change_cancelled", accountId: row.account_id, reason: `to ${maskEmail(row.new_email)}` },
      { caller },
    );
    return row;
  });
  // The browser that asked, if a customer's did, with its apps; already gone is fine.
  if (asked.session_hash) await signOutBrowser(db, asked.account_id, asked.session_hash, { caller });
}

/** What the undo page shows before its button: the address it restores, and the one it replaces. */
export async function checkUndoEmailChange(db: Db, config: Config, caller: Caller, token: string) {
  await limit(db, config, caller);
  const row = await peekChange(db, PURPOSES.emailChangeUndo, "undo_token_hash", token);
  return { oldEmail: row.old_email, newEmail: maskEmail(row.new_email) };
}

export async function undoEmailChange(db: Db, config: Config, caller: Caller, token: string): Promise<{ email: string }> {
  await limit(db, config, caller);
  return db.transaction().execute(async (tx) => {
    const row = await changeByToken(tx, "undo_token_hash", hashSecret(token));
    try {
      await spendToken(tx, PURPOSES.emailChangeUndo, token);
    } catch (error) {
      throw error instanceof AppError ? whyNot(row, error, PURPOSES.emailChangeUndo) : error;
    }
    if (!row) throw new AppError("EMAIL_CHANGE_LINK_UNKNOWN");
    const accountId = row.account_id;
    const oldKey = normalizeEmail(row.old_email);
    const holder = await tx.selectFrom("accounts").select("id").where("email_key", "=", oldKey).executeTakeFirst();
    if (holder && holder.id !== accountId) throw new AppError("OLD_EMAIL_TAKEN");
    // Whatever the address became since (changed again, say), it is the old one again.
    await tx.updateTable("accounts").set({ email: row.old_email, email_key: oldKey }).where("id", "=", accountId).execute();
    await endPendingChanges(tx, accountId, "undone");
    await tx
      .updateTable("email_changes")
      .set({ ended_at: Date.now(), ended_how: "undone" })
      .where("token_hash", "=", row.token_hash)
      .execute();

    // Every browser and app: the address was taken over, so any sign-in may be the taker's.
    await endEverySignIn(tx, accountId);
    await removeWhatWasAddedSince(tx, accountId, Number(row.requested_at), caller);
    await recordAuditEvent(tx, { event: "email_change_undone", accountId, reason: `back from ${maskEmail(row.new_email)}` }, { caller });
    return { email: row.old_email };
  });
}

/**
 * Ways in added since the change was asked for: passkeys, a Google login, and a password set or
 * changed (the trail says when). The owner signs in with the emailed link and adds their own.
 */
async function removeWhatWasAddedSince(tx: Parameters<typeof endEverySignIn>[0], accountId: string, since: number, caller: Caller) {
  const passkeys = await tx
    .selectFrom("passkeys")
    .select("id")
    .where("account_id", "=", accountId)
    .where("created_at", ">=", since)
    .execute();
  await removePasskeysOf(
    tx,
    accountId,
    passkeys.map((passkey) => passkey.id),
    { caller },
  );
  const google = await tx
    .deleteFrom("external_logins")
    .where("account_id", "=", accountId)
    .where("created_at", ">=", since)
    .returning("provider")
    .execute();
  for (const { provider } of google)
    await recordAuditEvent(
      tx,
      { event: "google_unlinked", accountId, reason: `${provider}, linked after the email change was asked for` },
      { caller },
    );
  const passwordSince = await tx
    .selectFrom("audit_events")
    .select("id")
    .where("account_id", "=", accountId)
    .where("event", "in", ["password_set", "password_changed"])
    .where("created_at", ">=", since)
    .executeTakeFirst();
  if (passwordSince) {
    await tx.updateTable("accounts").set({ password_hash: null }).where("id", "=", accountId).execute();
    await recordAuditEvent(
      tx,
      { event: "password_changed", accountId, reason: "removed: set after the email change was asked for" },
      { caller },
    );
  }
}
