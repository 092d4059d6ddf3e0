import type { Kysely } from "kysely";
import { maskEmail, normalizeEmail } from "../../../../common/email.ts";
import type { Config } from "../../../base/config.ts";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import type { Database } from "../../../db/schema.ts";
import { hashSecret } from "../../../secrets/tokens.ts";
import { accountIdByEmailKey, accountToTell, removePasswordSetSince, setAccountEmail } from "../../kernel/accounts.ts";
import { recordAuditEvent } from "../../kernel/audit-trail.ts";
import type { Caller } from "../../kernel/caller.ts";
import { markTokensUsed, PURPOSES, spendToken } from "../../kernel/one-time-tokens.ts";
import { passkeysAddedSince, removePasskeysOf } from "../../kernel/passkey-removal.ts";
import { endPendingChanges } from "../../kernel/pending-email-change.ts";
import { enforceLimits } from "../../kernel/rate-limit.ts";
import { RECENT_SIGN_IN_MS } from "../../kernel/recent-sign-in.ts";
import { endEverySignIn } from "../../kernel/sign-out.ts";
import { signOutBrowser } from "../../kernel/signed-in-places.ts";
import { unlinkLoginsSince } from "../../social/external-logins.ts";
import { changeByToken, type EmailChangeRow, markChangeUndone, peekChange, supersedeLaterChanges, whyNot } from "./shared.ts";
import { tellReplacedAddress } from "./undo-notice.ts";

type Transaction = Kysely<Database>;
type Change = NonNullable<EmailChangeRow>;

/**
 * The old address takes an email change back (docs/decisions/0070, 0078):
 *
 * - before the new address confirmed, "This wasn't me" in the notice cancels the request and
 *   signs out the browser that asked for it;
 * - after, the undo link in "Your email was changed" (7 days) restores the old address and signs
 *   every browser and app out. It ends its own link and the links of every change made after it
 *   (they would return the account to an address this change introduced), and every pending
 *   request; the links of earlier changes stay, since they return the account to an address it
 *   had before. The address it replaces is told at once (undo-notice.ts).
 *
 * Both remove the ways in the change's taker may have added (removeWhatTheChangeAdded), so the
 * account is the real owner's again. Whoever presses either is signed in nowhere by it; the owner
 * signs in with the emailed link, which goes to the old address again.
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
    await removeWhatTheChangeAdded(tx, row, caller);
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
    let link: Awaited<ReturnType<typeof spendToken>>;
    try {
      link = await spendToken(tx, PURPOSES.emailChangeUndo, token);
    } catch (error) {
      throw error instanceof AppError ? whyNot(row, error, PURPOSES.emailChangeUndo) : error;
    }
    if (!row) throw new AppError("EMAIL_CHANGE_LINK_UNKNOWN");
    const accountId = row.account_id;
    const oldKey = normalizeEmail(row.old_email);
    const holder = await accountIdByEmailKey(tx, oldKey);
    if (holder && holder.id !== accountId) throw new AppError("OLD_EMAIL_TAKEN");
    const replaced = await accountToTell(tx, accountId);
    // Whatever the address became since (changed again, say), it is the old one again.
    await setAccountEmail(tx, accountId, row.old_email, oldKey);
    await endPendingChanges(tx, accountId, "undone");
    await markChangeUndone(tx, row.token_hash);
    await endLaterUndoLinks(tx, row);

    // Every browser and app: the address was taken over, so any sign-in may be the taker's.
    await endEverySignIn(tx, accountId);
    await removeWhatTheChangeAdded(tx, row, caller);
    await recordAuditEvent(tx, { event: "email_change_undone", accountId, reason: `back from ${maskEmail(row.new_email)}` }, { caller });
    // The address it replaces hears of it now, not in 7 days: the undo may not be its owner's wish.
    await tellReplacedAddress(tx, config, replaced, row.old_email, link.productId);
    return { email: row.old_email };
  });
}

/**
 * The changes confirmed after this one: their undo links would put back an address this change
 * introduced, a taker's own, so they end with this undo and say why (EMAIL_CHANGE_SUPERSEDED).
 */
async function endLaterUndoLinks(tx: Transaction, row: Change): Promise<void> {
  const now = Date.now();
  const later = await supersedeLaterChanges(tx, row.account_id, row.token_hash, row.requested_at, now);
  const links = later.flatMap((change) => (change.undo_token_hash ? [change.undo_token_hash] : []));
  if (links.length > 0) await markTokensUsed(tx, links, now);
}

/**
 * The ways in a change's taker may have added, removed when the change is cancelled or undone:
 * whatever the session that asked for it or the one that confirmed it added (passkeys, a
 * password), and whatever any session added from the recent-sign-in window before the request on
 * (a taker adds a way in first, then asks). The owner signs in with the emailed link and adds
 * their own again.
 */
async function removeWhatTheChangeAdded(tx: Transaction, row: Change, caller: Caller): Promise<void> {
  const accountId = row.account_id;
  const since = Number(row.requested_at) - RECENT_SIGN_IN_MS;
  const sessions = [row.session_hash, row.confirmed_by_session].filter((hash): hash is string => hash !== null);

  const passkeys = await passkeysAddedSince(tx, accountId, since, sessions);
  await removePasskeysOf(
    tx,
    accountId,
    passkeys.map((passkey) => passkey.id),
    { caller },
  );
  const social = await unlinkLoginsSince(tx, accountId, since);
  for (const { provider } of social) {
    const event = provider === "microsoft" ? "microsoft_unlinked" : "google_unlinked";
    await recordAuditEvent(tx, { event, accountId, reason: `${provider}, linked around the email change` }, { caller });
  }
  const password = await removePasswordSetSince(tx, accountId, since, sessions);
  if (password.numUpdatedRows > 0n)
    await recordAuditEvent(tx, { event: "password_changed", accountId, reason: "removed: set around the email change" }, { caller });
}
