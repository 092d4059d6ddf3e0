import type { Kysely } from "kysely";
import { brandForProduct } from "../../../../common/brands/index.ts";
import { maskEmail, normalizeEmail } from "../../../../common/email.ts";
import { DEFAULT_LANGUAGE, languageForTag } from "../../../../common/languages.ts";
import type { Config } from "../../../base/config.ts";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import type { Database } from "../../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../../mail/outbox.ts";
import { emailChangedBackMail, mailLook } from "../../../mail/templates.ts";
import { hashSecret } from "../../../secrets/tokens.ts";
import { recordAuditEvent } from "../../kernel/audit-trail.ts";
import type { Caller } from "../../kernel/caller.ts";
import { issueToken, PURPOSES, peekToken, spendToken, tokenMadeAt } from "../../kernel/one-time-tokens.ts";
import { enforceLimits } from "../../kernel/rate-limit.ts";
import { latestUndoOf, UNDO_LIFETIME_MS } from "./shared.ts";

/**
 * The address an undo replaced hears of it at once (docs/decisions/0078): an undo is the old
 * mailbox's for 7 days, and pressed after a change the owner made it signs the owner out and
 * removes their new password. "Your email was changed back" goes out in the undo's transaction,
 * with "This wasn't me" for as long as the undo link lasted.
 *
 * That button never moves the address back: a taker who lost the account to the owner's undo
 * would use it to take the account again. It records `email_change_undo_disputed` in the trail,
 * which support and the account's activity show, and signs nobody in. Opening its link changes
 * nothing (mail scanners open links); the button works once.
 */

/** The undo's account as it was just before the undo: the address being replaced, and its language. */
export interface ReplacedAddress {
  accountId: string;
  email: string;
  language: string | null;
}

/** Mails the replaced address, inside the undo's transaction; nothing when the undo replaced no address. */
export async function tellReplacedAddress(
  tx: Kysely<Database>,
  config: Config,
  replaced: ReplacedAddress,
  restoredEmail: string,
  productId: number,
): Promise<void> {
  if (normalizeEmail(replaced.email) === normalizeEmail(restoredEmail)) return;
  const brand = brandForProduct(productId);
  const token = await issueToken(tx, PURPOSES.emailUndoDispute, {
    accountId: replaced.accountId,
    productId: brand.productId,
    returnUrl: null,
    lifetimeMs: UNDO_LIFETIME_MS,
  });
  // Nobody who reads this mail asked for it: it goes in the account's own language.
  const language = languageForTag(replaced.language) ?? DEFAULT_LANGUAGE;
  const link = `${config.publicUrl}${brand.paths.disputeEmailUndo}?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    tx,
    config,
    fromHeader(brand.name, config.mailFrom),
    replaced.email,
    emailChangedBackMail(mailLook(brand, config.publicUrl, language), maskEmail(restoredEmail), link, UNDO_LIFETIME_MS),
  );
}

const limit = (db: Db, config: Config, caller: Caller) => enforceLimits(db, config, [["emailChangeLinkPerIp", caller.address]], "attempts");

/**
 * The undo a notice's link tells of: the account's latest undo up to the moment the link was made
 * (both are written in one transaction, so no later undo can come between them).
 */
async function undoOf(db: Kysely<Database>, accountId: string, linkMadeAt: number) {
  const undone = await latestUndoOf(db, accountId, linkMadeAt);
  if (!undone || undone.ended_at === null) throw new AppError(PURPOSES.emailUndoDispute.unknown);
  return { restoredEmail: maskEmail(undone.old_email), changedBackAt: Number(undone.ended_at) };
}

/** When a notice's link was made: the moment of its undo. */
async function linkMadeAt(db: Kysely<Database>, token: string): Promise<number> {
  return tokenMadeAt(db, hashSecret(token), PURPOSES.emailUndoDispute);
}

/** What the link's page shows before its button: the address the account went back to (masked), and when. */
export async function checkEmailUndoDispute(db: Db, config: Config, caller: Caller, token: string) {
  await limit(db, config, caller);
  const { accountId } = await peekToken(db, PURPOSES.emailUndoDispute, token);
  return undoOf(db, accountId, await linkMadeAt(db, token));
}

/** Its button: the trail records the report, once; no address moves and nobody is signed in or out. */
export async function disputeEmailUndo(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await limit(db, config, caller);
  await db.transaction().execute(async (tx) => {
    const { accountId } = await spendToken(tx, PURPOSES.emailUndoDispute, token);
    const undo = await undoOf(tx, accountId, await linkMadeAt(tx, token));
    await recordAuditEvent(
      tx,
      { event: "email_change_undo_disputed", accountId, reason: `the undo back to ${undo.restoredEmail}` },
      { caller },
    );
  });
}
