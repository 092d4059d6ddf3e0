import { type Kysely, sql } from "kysely";
import { AppError, type ErrorCode } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { insertRow } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import { hashSecret, newSecret } from "../../secrets/tokens.ts";

/**
 * One-time tokens (access links, password-reset codes, account deletion links): 256-bit, stored
 * as SHA-256 only, spent by one conditional update so that two uses racing each other cannot both
 * succeed.
 */
export const PURPOSES = {
  accessLink: { name: "access_link", unknown: "LINK_UNKNOWN", used: "LINK_USED", expired: "LINK_EXPIRED" },
  passwordReset: { name: "password_reset", unknown: "RESET_LINK_UNKNOWN", used: "RESET_LINK_USED", expired: "RESET_LINK_EXPIRED" },
  accountDeletion: {
    name: "account_deletion",
    unknown: "DELETION_LINK_UNKNOWN",
    used: "DELETION_LINK_USED",
    expired: "DELETION_LINK_EXPIRED",
  },
  /** The link in "A passkey was added" that removes it (docs/decisions/0065). */
  passkeyRemoval: {
    name: "passkey_removal",
    unknown: "PASSKEY_REMOVAL_LINK_UNKNOWN",
    used: "PASSKEY_REMOVAL_LINK_USED",
    expired: "PASSKEY_REMOVAL_LINK_EXPIRED",
  },
  /** The link in "New sign-in" that signs that browser out (docs/decisions/0067). */
  notMe: { name: "not_me", unknown: "NOT_ME_LINK_UNKNOWN", used: "NOT_ME_LINK_USED", expired: "NOT_ME_LINK_EXPIRED" },
  /** The link to the new address that confirms an email change (docs/decisions/0070). */
  emailChange: {
    name: "email_change",
    unknown: "EMAIL_CHANGE_LINK_UNKNOWN",
    used: "EMAIL_CHANGE_LINK_USED",
    expired: "EMAIL_CHANGE_LINK_EXPIRED",
  },
  /** "This wasn't me" in the notice to the old address: cancels the change asked for. */
  emailChangeCancel: {
    name: "email_change_cancel",
    unknown: "EMAIL_CHANGE_LINK_UNKNOWN",
    used: "EMAIL_CHANGE_CANCEL_LINK_USED",
    expired: "EMAIL_CHANGE_CANCEL_LINK_EXPIRED",
  },
  /** The undo link in "Your email was changed", to the old address, for 7 days. */
  emailChangeUndo: {
    name: "email_change_undo",
    unknown: "EMAIL_CHANGE_LINK_UNKNOWN",
    used: "EMAIL_UNDO_LINK_USED",
    expired: "EMAIL_UNDO_LINK_EXPIRED",
  },
  /**
   * "This wasn't me" in "Your email was changed back", to the address an undo replaced, for 7
   * days: tells support, and moves no address (docs/decisions/0078).
   */
  emailUndoDispute: {
    name: "email_undo_dispute",
    unknown: "EMAIL_CHANGE_LINK_UNKNOWN",
    used: "EMAIL_UNDO_DISPUTE_LINK_USED",
    expired: "EMAIL_UNDO_DISPUTE_LINK_EXPIRED",
  },
} as const satisfies Record<string, { name: string; unknown: ErrorCode; used: ErrorCode; expired: ErrorCode }>;

export type Purpose = (typeof PURPOSES)[keyof typeof PURPOSES];

export interface IssuedToken {
  accountId: string;
  productId: number;
  returnUrl: string | null;
  lifetimeMs: number;
}

/** Creates a token inside the caller's transaction (the mail that carries it is written there too). */
export async function issueToken(tx: Kysely<Database>, purpose: Purpose, token: IssuedToken): Promise<string> {
  const secret = newSecret();
  const now = Date.now();
  await insertRow(tx, "one_time_tokens", {
    token_hash: hashSecret(secret),
    purpose: purpose.name,
    account_id: token.accountId,
    product_id: token.productId,
    return_url: token.returnUrl,
    created_at: now,
    expires_at: now + token.lifetimeMs,
    used_at: null,
  });
  return secret;
}

/** Why a token cannot be used: unknown, used or expired, as the purpose's error. */
async function refusal(db: Kysely<Database>, purpose: Purpose, tokenHash: string): Promise<AppError> {
  const known = await db
    .selectFrom("one_time_tokens")
    .select(["used_at"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose.name)
    .executeTakeFirst();
  if (!known) return new AppError(purpose.unknown);
  return new AppError(known.used_at !== null ? purpose.used : purpose.expired);
}

/** Checks a token without spending it (opening a reset link must change nothing). */
export async function peekToken(db: Kysely<Database>, purpose: Purpose, token: string): Promise<{ accountId: string; expiresAt: number }> {
  const tokenHash = hashSecret(token);
  const row = await db
    .selectFrom("one_time_tokens")
    .select(["account_id", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose.name)
    .where("used_at", "is", null)
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!row) throw await refusal(db, purpose, tokenHash);
  return { accountId: row.account_id, expiresAt: row.expires_at };
}

/** Spends a token, or throws why it cannot be spent. Works inside a transaction too. */
export async function spendToken(
  db: Kysely<Database>,
  purpose: Purpose,
  token: string,
): Promise<{ accountId: string; productId: number; returnUrl: string | null }> {
  return spendTokenByHash(db, purpose, hashSecret(token));
}

/** spendToken for a caller that holds only the token's hash (a code standing in for its link). */
export async function spendTokenByHash(
  db: Kysely<Database>,
  purpose: Purpose,
  tokenHash: string,
): Promise<{ accountId: string; productId: number; returnUrl: string | null }> {
  const now = Date.now();
  const spent = await db
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose.name)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["account_id", "product_id", "return_url"])
    .executeTakeFirst();
  if (!spent) throw await refusal(db, purpose, tokenHash);
  return { accountId: spent.account_id, productId: spent.product_id, returnUrl: spent.return_url };
}

/**
 * How long a token's row outlives its expiry: a link opened within that time still says it has
 * expired or was already used (SPEC's own messages for each); after it, the row goes and an old
 * link is simply unknown.
 */
/** One link marked used by its hash, unless it is already. */
export async function markTokenUsed(tx: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await tx.updateTable("one_time_tokens").set({ used_at: now }).where("token_hash", "=", tokenHash).where("used_at", "is", null).execute();
}

/** Links marked used by their hashes, those not already. */
export async function markTokensUsed(tx: Kysely<Database>, tokenHashes: string[], now: number): Promise<void> {
  await tx
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("token_hash", "in", tokenHashes)
    .where("used_at", "is", null)
    .execute();
}

/**
 * Every link the account was sent and has not used, marked used, but the owner's against someone
 * else (removing a passkey, "This wasn't me", undoing an email change) and a deletion's, which a
 * taker's new password must not disarm (password-reset.ts).
 */
export async function spendLinksOnNewPassword(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx
    .updateTable("one_time_tokens")
    .set({ used_at: Date.now() })
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .where("purpose", "not in", [
      PURPOSES.passkeyRemoval.name,
      PURPOSES.notMe.name,
      PURPOSES.emailChangeUndo.name,
      // Deleting the account is the owner's decision either way: a new password does not cancel it.
      PURPOSES.accountDeletion.name,
    ])
    .execute();
}

/** The product a link was made for, by its hash. */
export async function productOfToken(tx: Kysely<Database>, tokenHash: string): Promise<number> {
  const token = await tx.selectFrom("one_time_tokens").select("product_id").where("token_hash", "=", tokenHash).executeTakeFirstOrThrow();
  return token.product_id;
}

/** When a link of this purpose was made, by its hash. */
export async function tokenMadeAt(db: Kysely<Database>, tokenHash: string, purpose: Purpose): Promise<number> {
  const link = await db
    .selectFrom("one_time_tokens")
    .select("created_at")
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose.name)
    .executeTakeFirstOrThrow();
  return Number(link.created_at);
}

/** Where a link signs in to (its product and return URL), by its hash; undefined when it is gone. */
export function destinationOfToken(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom("one_time_tokens").select(["product_id", "return_url"]).where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Whom a spent link signs in, and where to, by its hash; undefined when it is gone. */
export function signInOfToken(tx: Kysely<Database>, tokenHash: string) {
  return tx
    .selectFrom("one_time_tokens")
    .select(["account_id", "product_id", "return_url"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Every link of an account, used or not, deleted inside the account deletion's transaction. */
export async function deleteTokensOf(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("one_time_tokens").where("account_id", "=", accountId).execute();
}

export const TOKEN_KEPT_AFTER_EXPIRY_MS = 30 * 24 * 60 * 60_000;

/** Deletes tokens, spent or not, whose expiry is further back than TOKEN_KEPT_AFTER_EXPIRY_MS. */
export function pruneOneTimeTokens(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "one_time_tokens", "expires_at", sql`expires_at <= ${now - TOKEN_KEPT_AFTER_EXPIRY_MS}`);
}
