import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Brand } from "../../../../common/brands/index.ts";
import { isValidEmail, maskEmail, normalizeEmail } from "../../../../common/email.ts";
import { DEFAULT_LANGUAGE, type Language, languageForTag } from "../../../../common/languages.ts";
import type { Config } from "../../../base/config.ts";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import type { Database } from "../../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../../mail/outbox.ts";
import { emailChangeMail, emailChangeRequestedMail, emailInUseMail, mailLook } from "../../../mail/templates.ts";
import { hashSecret } from "../../../secrets/tokens.ts";
import { accountForMail, accountIdByEmailKey } from "../../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../../kernel/audit-trail.ts";
import { enforceLimitsUnderChallenge } from "../../kernel/challenge-gate.ts";
import { issueToken, PURPOSES } from "../../kernel/one-time-tokens.ts";
import { endPendingChanges } from "../../kernel/pending-email-change.ts";
import { type BucketCount, enforceLimits } from "../../kernel/rate-limit.ts";
import { requireRecentSignIn, type SignedInSession } from "../../kernel/recent-sign-in.ts";
import { CODE_LIFETIME_MS, codeHash, insertChange, LINK_LIFETIME_MS } from "./shared.ts";

/**
 * Asking to change an account's email (docs/decisions/0070). The customer asks from the account
 * page, in a sign-in of the last 10 minutes (or after confirming it is them, in place); support
 * and the operator ask for a customer, with a reason. Either way:
 *
 * 1. the new address gets a link that confirms it (and, when a browser of the customer's asked,
 *    a six-digit code that works in that browser); nothing changes until it is used;
 * 2. the old address is told at once, with "This wasn't me", which cancels the request;
 * 3. a newer request replaces a pending one; a pending one lasts a day.
 *
 * A new address that already has an account gets a mail saying so instead of the link, and the
 * answer is the same as for a free address: nobody learns from the page which addresses have
 * accounts. Everything, the request, its trail entry and its mails, is written in one transaction.
 */
export type EmailChangeAsker =
  | { kind: "customer"; session: SignedInSession; source: AuditSource; language: Language; brand: Brand }
  | { kind: "staff"; source: AuditSource; brand: Brand };

export async function requestEmailChange(db: Db, config: Config, asker: EmailChangeAsker, accountId: string, typed: string): Promise<void> {
  if (asker.kind === "customer") await requireRecentSignIn(db, asker.session);
  const account = await accountForMail(db, accountId);
  if (!account) throw new AppError("NOT_SIGNED_IN");
  const newEmail = newAddress(account.email_key, typed);
  const counts: BucketCount[] = [
    ["emailChangePerAccount", accountId],
    ["emailChangePerEmail", newEmail],
  ];
  // A customer's request proves a person asks once under pressure (decision 93); support's needs not.
  if (asker.kind === "customer" && "caller" in asker.source)
    await enforceLimitsUnderChallenge(db, config, asker.source.caller, counts, "email changes", "email-change");
  else await enforceLimits(db, config, counts, "email changes");

  const language = asker.kind === "customer" ? asker.language : (languageForTag(account.language) ?? DEFAULT_LANGUAGE);
  const look = mailLook(asker.brand, config.publicUrl, language);
  const from = fromHeader(asker.brand.name, config.mailFrom);
  const code = asker.kind === "customer" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : undefined;

  await db.transaction().execute(async (tx) => {
    const session = asker.kind === "customer" && code ? { id: asker.session.sessionId, code } : undefined;
    const { confirmToken, cancelToken } = await openChange(tx, accountId, account.email, newEmail, asker.brand, session);
    await recordAuditEvent(tx, { event: "email_change_requested", accountId, reason: `to ${maskEmail(newEmail)}` }, asker.source);

    if (await addressTaken(tx, newEmail)) {
      await enqueueMail(tx, config, from, newEmail, emailInUseMail(look));
    } else {
      const link = `${config.publicUrl}${asker.brand.paths.confirmEmail}?token=${encodeURIComponent(confirmToken)}`;
      const withCode = code ? { code, lifetimeMs: CODE_LIFETIME_MS } : undefined;
      await enqueueMail(tx, config, from, newEmail, emailChangeMail(look, newEmail, link, LINK_LIFETIME_MS, withCode));
    }
    const cancelLink = `${config.publicUrl}${asker.brand.paths.cancelEmailChange}?token=${encodeURIComponent(cancelToken)}`;
    await enqueueMail(tx, config, from, account.email, emailChangeRequestedMail(look, maskEmail(newEmail), cancelLink));
  });
}

/**
 * Writes a request, in the caller's transaction, in place of any pending one: its row and its two
 * links (the confirmation, for the new address, and "This wasn't me", for the old one), and the
 * code's hash when a browser asked (salted with its session's secret).
 */
export async function openChange(
  tx: Kysely<Database>,
  accountId: string,
  oldEmail: string,
  newEmail: string,
  brand: Brand,
  asking?: { id: string; code: string },
) {
  await endPendingChanges(tx, accountId, "replaced");
  const link = { accountId, productId: brand.productId, returnUrl: null, lifetimeMs: LINK_LIFETIME_MS };
  const confirmToken = await issueToken(tx, PURPOSES.emailChange, link);
  const cancelToken = await issueToken(tx, PURPOSES.emailChangeCancel, link);
  const row = {
    token_hash: hashSecret(confirmToken),
    account_id: accountId,
    old_email: oldEmail,
    new_email: newEmail,
    session_hash: asking ? hashSecret(asking.id) : null,
    code_hash: asking ? codeHash(asking.id, asking.code) : null,
    code_attempts: 0,
    cancel_token_hash: hashSecret(cancelToken),
    undo_token_hash: null,
    requested_at: Date.now(),
    confirmed_at: null,
    confirmed_by_session: null,
    ended_at: null,
    ended_how: null,
  };
  await insertChange(tx, row);
  return { confirmToken, cancelToken, row };
}

/** The address typed, trimmed; refused when it is not one, or is the account's own already. */
export function newAddress(currentKey: string, typed: string): string {
  const newEmail = typed.trim();
  // The contract checks the address for the page; support and the CLI come here directly.
  if (!isValidEmail(newEmail)) throw new AppError("BAD_REQUEST", "Email: must be a valid email address");
  if (normalizeEmail(newEmail) === currentKey) throw new AppError("SAME_EMAIL");
  return newEmail;
}

/** Whether an account already signs in with this address. */
export async function addressTaken(tx: Kysely<Database>, email: string): Promise<boolean> {
  const row = await accountIdByEmailKey(tx, normalizeEmail(email));
  return row !== undefined;
}
