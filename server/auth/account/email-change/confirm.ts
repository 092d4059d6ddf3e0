import { timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { brandForProduct } from "../../../../common/brands/index.ts";
import { maskEmail, normalizeEmail } from "../../../../common/email.ts";
import { DEFAULT_LANGUAGE, languageForTag } from "../../../../common/languages.ts";
import type { Config } from "../../../base/config.ts";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import type { Database } from "../../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../../mail/outbox.ts";
import { emailChangedMail, mailLook } from "../../../mail/templates.ts";
import { hashSecret } from "../../../secrets/tokens.ts";
import { accountKeyAndLanguage, setAccountEmail } from "../../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../../kernel/audit-trail.ts";
import type { Caller } from "../../kernel/caller.ts";
import { issueToken, markTokenUsed, PURPOSES, productOfToken, spendTokenByHash } from "../../kernel/one-time-tokens.ts";
import { enforceLimits } from "../../kernel/rate-limit.ts";
import type { SignedInSession } from "../../kernel/recent-sign-in.ts";
import { readSessionId } from "../../kernel/sessions.ts";
import { endEverySignIn } from "../../kernel/sign-out.ts";
import { wrongCode } from "../../kernel/wrong-code.ts";
import { addressTaken } from "./request.ts";
import {
  CODE_ATTEMPTS,
  changeByToken,
  codeHash,
  countCodeTry,
  type EmailChangeRow,
  latestChangeOf,
  markChangeConfirmed,
  peekChange,
  UNDO_LIFETIME_MS,
  whyNot,
} from "./shared.ts";

/**
 * The new address confirms an email change (docs/decisions/0070): by the mailed link's button (on
 * any device; opening the link spends nothing), or by its six digits typed in the browser that
 * asked. In one transaction the link is spent (two confirmations racing: one wins), the address
 * changes, the old address is mailed "Your email was changed" with an undo link for 7 days, and
 * every other browser and app is signed out; the browser that asked and the one confirming stay.
 * Apps read the new address from their next token (provider/accounts.ts reads the account each time).
 */

/** What the confirmation page shows before its button: from which address to which. */
export async function checkEmailChange(
  db: Db,
  config: Config,
  caller: Caller,
  token: string,
): Promise<{ oldEmail: string; newEmail: string }> {
  await enforceLimits(db, config, [["emailChangeLinkPerIp", caller.address]], "attempts");
  const row = await peekChange(db, PURPOSES.emailChange, "token_hash", token);
  return { oldEmail: row.old_email, newEmail: row.new_email };
}

/** The link's button. A browser signed in as the account stays signed in. */
export async function confirmEmailChange(db: Db, config: Config, caller: Caller, token: string): Promise<{ newEmail: string }> {
  await enforceLimits(db, config, [["emailChangeLinkPerIp", caller.address]], "attempts");
  return db.transaction().execute(async (tx) => {
    const row = await spendChange(tx, hashSecret(token));
    const here = readSessionId(caller, config);
    await applyChange(tx, config, row, { caller }, here);
    return { newEmail: row.new_email };
  });
}

/**
 * The six digits, typed in the browser that asked (a customer who reads mail on a phone). Each
 * try first takes one of the code's five in a statement of its own, so racing tries get no more.
 */
export async function confirmEmailChangeWithCode(
  db: Db,
  config: Config,
  caller: Caller,
  session: SignedInSession,
  code: string,
): Promise<{ newEmail: string }> {
  await enforceLimits(db, config, [["emailChangeLinkPerIp", caller.address]], "attempts");
  const sessionHash = hashSecret(session.sessionId);
  const attempt = await countCodeTry(db, sessionHash, session.accountId);
  if (!attempt?.code_hash) throw new AppError(attempt ? "CODE_EXPIRED" : await whyNoCode(db, sessionHash));
  if (!timingSafeEqual(Buffer.from(codeHash(session.sessionId, code)), Buffer.from(attempt.code_hash)))
    throw wrongCode(CODE_ATTEMPTS - attempt.code_attempts);
  return db.transaction().execute(async (tx) => {
    const row = await spendChange(tx, attempt.token_hash);
    await applyChange(tx, config, row, { caller }, session.sessionId);
    return { newEmail: row.new_email };
  });
}

/** A code that cannot be tried: its five tries are spent, or there is none that still works. */
async function whyNoCode(db: Db, sessionHash: string): Promise<"CODE_SPENT" | "CODE_EXPIRED"> {
  const latest = await latestChangeOf(db, sessionHash);
  const open = latest && latest.confirmed_at === null && latest.ended_at === null;
  return open && latest.code_attempts >= CODE_ATTEMPTS ? "CODE_SPENT" : "CODE_EXPIRED";
}

/** Spends the confirmation link by its hash, or says why it cannot be. */
async function spendChange(tx: Kysely<Database>, tokenHash: string): Promise<NonNullable<EmailChangeRow>> {
  const row = await changeByToken(tx, "token_hash", tokenHash);
  try {
    await spendTokenByHash(tx, PURPOSES.emailChange, tokenHash);
  } catch (error) {
    throw error instanceof AppError ? whyNot(row, error, PURPOSES.emailChange) : error;
  }
  if (!row || row.ended_at !== null) throw whyNot(row, new AppError("EMAIL_CHANGE_LINK_UNKNOWN"), PURPOSES.emailChange);
  return row;
}

/**
 * Makes the change, inside the transaction that spent its link. `confirmingSessionId`, a browser
 * signed in as the account, stays signed in, as does the browser that asked.
 */
export async function applyChange(
  tx: Kysely<Database>,
  config: Config,
  row: NonNullable<EmailChangeRow>,
  source: AuditSource,
  confirmingSessionId: string | undefined,
): Promise<void> {
  const account = await accountKeyAndLanguage(tx, row.account_id);
  if (!account) throw new AppError("EMAIL_CHANGE_LINK_UNKNOWN");
  if (await addressTaken(tx, row.new_email)) throw new AppError("EMAIL_TAKEN_NOW");
  const now = Date.now();
  await setAccountEmail(tx, row.account_id, row.new_email, normalizeEmail(row.new_email));

  // The old address's "This wasn't me" gives way to the undo link.
  const brand = brandForProduct(await productOfToken(tx, row.token_hash));
  const undoToken = await issueToken(tx, PURPOSES.emailChangeUndo, {
    accountId: row.account_id,
    productId: brand.productId,
    returnUrl: null,
    lifetimeMs: UNDO_LIFETIME_MS,
  });
  await markChangeConfirmed(tx, row.token_hash, {
    confirmed_at: now,
    undo_token_hash: hashSecret(undoToken),
    confirmed_by_session: confirmingSessionId ? hashSecret(confirmingSessionId) : null,
  });
  await markTokenUsed(tx, row.cancel_token_hash, now);

  await signOutOthers(tx, row, confirmingSessionId);
  await recordAuditEvent(tx, { event: "email_changed", accountId: row.account_id, reason: `from ${maskEmail(row.old_email)}` }, source);

  // In the confirming browser's language; the account's own when an operator made the change.
  const language = "caller" in source ? source.caller.language : (languageForTag(account.language) ?? DEFAULT_LANGUAGE);
  const undoLink = `${config.publicUrl}${brand.paths.undoEmailChange}?token=${encodeURIComponent(undoToken)}`;
  await enqueueMail(
    tx,
    config,
    fromHeader(brand.name, config.mailFrom),
    row.old_email,
    emailChangedMail(mailLook(brand, config.publicUrl, language), maskEmail(row.new_email), undoLink, UNDO_LIFETIME_MS),
  );
}

/**
 * Every browser and app signed out but the browser that asked and the one confirming (when it is
 * signed in as the account): an address that changed is a sign-in that could have been taken.
 */
async function signOutOthers(tx: Kysely<Database>, row: NonNullable<EmailChangeRow>, confirmingSessionId: string | undefined) {
  const keep = [row.session_hash, confirmingSessionId ? hashSecret(confirmingSessionId) : null].filter(
    (hash): hash is string => hash !== null,
  );
  await endEverySignIn(tx, row.account_id, { keepSessionHashes: keep });
}
