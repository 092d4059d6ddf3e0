import { type Insertable, type Kysely, sql } from "kysely";
import { normalizeEmail } from "../../../../common/email.ts";
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

/** A new request, written inside the transaction that issues its links. */
export async function insertChange(tx: Kysely<Database>, row: Insertable<Database["email_changes"]>): Promise<void> {
  await tx.insertInto("email_changes").values(row).execute();
}

/**
 * One try of the six digits in the browser that asked: counted whether right or wrong, and only
 * while the request is open, young enough and has tries left. Answers the hashes to compare.
 */
export function countCodeTry(db: Db, sessionHash: string, accountId: string) {
  return db
    .updateTable("email_changes")
    .set((eb) => ({ code_attempts: eb("code_attempts", "+", 1) }))
    .where("session_hash", "=", sessionHash)
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is", null)
    .where("ended_at", "is", null)
    .where("code_attempts", "<", CODE_ATTEMPTS)
    .where("requested_at", ">", Date.now() - CODE_LIFETIME_MS)
    .returning(["token_hash", "code_hash", "code_attempts"])
    .executeTakeFirst();
}

/**
 * The account that asked to change its email to `email`: the one whose request still waits, else
 * the one that asked last, whatever became of it. The address has no account of its own, but its
 * mail (a bounce of the confirmation link) is that account's matter. Matched as accounts'
 * addresses are (normalizeEmail); `lower` on both sides only narrows the rows, which are then
 * compared exactly.
 */
export async function accountChangingTo(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const rows = await db
    .selectFrom("email_changes")
    .select(["account_id", "new_email", "confirmed_at", "ended_at"])
    .where(sql<string>`lower(new_email)`, "=", sql<string>`lower(${email.trim()})`)
    .orderBy("requested_at", "desc")
    .execute();
  const matching = rows.filter((row) => normalizeEmail(row.new_email) === normalizeEmail(email));
  return (matching.find((row) => row.confirmed_at === null && row.ended_at === null) ?? matching[0])?.account_id;
}

/** The latest request a browser made, whatever became of it. */
export function latestChangeOf(db: Db, sessionHash: string) {
  return db
    .selectFrom("email_changes")
    .select(["code_attempts", "confirmed_at", "ended_at"])
    .where("session_hash", "=", sessionHash)
    .orderBy("requested_at", "desc")
    .executeTakeFirst();
}

/** A request confirmed: when, its undo link, and the browser that confirmed it (if signed in). */
export async function markChangeConfirmed(
  tx: Kysely<Database>,
  tokenHash: string,
  confirmation: { confirmed_at: number; undo_token_hash: string; confirmed_by_session: string | null },
): Promise<void> {
  await tx.updateTable("email_changes").set(confirmation).where("token_hash", "=", tokenHash).execute();
}

/** A request undone by its undo link. */
export async function markChangeUndone(tx: Kysely<Database>, tokenHash: string): Promise<void> {
  await tx.updateTable("email_changes").set({ ended_at: Date.now(), ended_how: "undone" }).where("token_hash", "=", tokenHash).execute();
}

/** The account's other requests made since this one and not ended, ended as superseded; answers their undo links' hashes. */
export function supersedeLaterChanges(tx: Kysely<Database>, accountId: string, tokenHash: string, requestedAt: number, now: number) {
  return tx
    .updateTable("email_changes")
    .set({ ended_at: now, ended_how: "superseded" })
    .where("account_id", "=", accountId)
    .where("token_hash", "!=", tokenHash)
    .where("requested_at", ">=", requestedAt)
    .where("ended_at", "is", null)
    .returning("undo_token_hash")
    .execute();
}

/** The account's latest undo up to a moment. */
export function latestUndoOf(db: Kysely<Database>, accountId: string, until: number) {
  return db
    .selectFrom("email_changes")
    .select(["old_email", "ended_at"])
    .where("account_id", "=", accountId)
    .where("ended_how", "=", "undone")
    .where("ended_at", "<=", until)
    .orderBy("ended_at", "desc")
    .executeTakeFirst();
}

/** Every request of an account, deleted inside the account deletion's transaction: they hold its addresses, old and new. */
export async function deleteChangesOf(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("email_changes").where("account_id", "=", accountId).execute();
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
