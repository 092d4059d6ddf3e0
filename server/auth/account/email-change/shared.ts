import { type Kysely, sql } from "kysely";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../../db/retention.ts";
import type { Database } from "../../../db/schema.ts";
import { hashSecret } from "../../../secrets/tokens.ts";
import { PURPOSES, type Purpose, peekToken, TOKEN_KEPT_AFTER_EXPIRY_MS } from "../../kernel/one-time-tokens.ts";
import type { EndedHow } from "../../kernel/pending-email-change.ts";

/** What the steps of an email change share (docs/decisions/0070). */

/** A request waits a day for the new address; its "This wasn't me" lasts as long. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;
/** The undo link in "Your email was changed". */
export const UNDO_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** The six digits for the browser that asked, as the other mailed codes. */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;

/** The code's hash is salted with the asking session's secret: six digits alone are guessable offline. */
export const codeHash = (sessionId: string, code: string) => hashSecret(`email-change:${sessionId}:${code}`);

/** One request as its pages see it. */
export type EmailChangeRow = Awaited<ReturnType<typeof changeByToken>>;

/** The request a link names, by the column that holds that link's hash. */
export async function changeByToken(
  db: Kysely<Database>,
  column: "token_hash" | "cancel_token_hash" | "undo_token_hash",
  tokenHash: string,
) {
  return db.selectFrom("email_changes").selectAll().where(column, "=", tokenHash).executeTakeFirst();
}

const END_ERRORS = {
  cancelled: "EMAIL_CHANGE_CANCELLED",
  replaced: "EMAIL_CHANGE_REPLACED",
  undone: "EMAIL_CHANGE_UNDONE",
  superseded: "EMAIL_CHANGE_SUPERSEDED",
} as const;

/**
 * Why a link that can no longer be used cannot: the request was cancelled, replaced or undone,
 * or an earlier change's undo ended it (each says so), the new address confirmed it already (the old address's "This wasn't me"
 * points to the undo link then), or the token's own reason (used, expired, unknown).
 */
export function whyNot(row: EmailChangeRow, tokenError: AppError, purpose: Purpose): AppError {
  if (!row) return tokenError;
  // Ended by the undo of an earlier change, its own undo link included.
  if (row.ended_how === "superseded") return new AppError(END_ERRORS.superseded);
  if (row.ended_at !== null && row.ended_how && purpose !== PURPOSES.emailChangeUndo)
    return new AppError(END_ERRORS[row.ended_how as EndedHow] ?? tokenError.code);
  if (purpose === PURPOSES.emailChangeCancel && row.confirmed_at !== null) return new AppError("EMAIL_CHANGE_ALREADY_CONFIRMED");
  return tokenError;
}

/** Looks a link up without spending it; refuses it with the reason the page shows. */
export async function peekChange(db: Db, purpose: Purpose, column: "token_hash" | "cancel_token_hash" | "undo_token_hash", token: string) {
  const row = await changeByToken(db, column, hashSecret(token));
  try {
    await peekToken(db, purpose, token);
  } catch (error) {
    throw error instanceof AppError ? whyNot(row, error, purpose) : error;
  }
  if (!row) throw new AppError(purpose.unknown);
  return row;
}

/**
 * Housekeeping: a request goes once every link it made is gone (pruneOneTimeTokens, 30 days after
 * they expired); until then each link still says why it no longer works.
 */
export function pruneEmailChanges(db: Db, now = Date.now()): Promise<SweepCost> {
  const before = now - LINK_LIFETIME_MS - UNDO_LIFETIME_MS - TOKEN_KEPT_AFTER_EXPIRY_MS;
  return deleteInBatches(db, "email_changes", "requested_at", sql`requested_at <= ${before}`);
}
