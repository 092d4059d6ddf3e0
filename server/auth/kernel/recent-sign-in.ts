import { randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Brand } from "../../../common/brands/index.ts";
import { sayDuration } from "../../../common/i18n/catalogue.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { serverStrings } from "../../i18n/index.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { confirmationCodeMail, mailLook } from "../../mail/templates.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { accountPasswordSetter, existingAccountEmail } from "./accounts.ts";
import { recordAuditEvent } from "./audit-trail.ts";
import type { Caller } from "./caller.ts";
import { checkPassword, type PasswordCheckWording } from "./password-check.ts";
import { enforceLimits } from "./rate-limit.ts";
import { confirmFailuresOf, countConfirmFailure, markSessionConfirmed, signInMomentsOf } from "./session-store.ts";
import { wrongCode } from "./wrong-code.ts";

/**
 * A sign-in recent enough to add a way in (docs/decisions/0065): a session signed in within the
 * last 10 minutes, or one that has proved who it is again since, with the current password or a
 * code mailed to the account's address. A stolen session cookie carries neither, so it cannot add
 * a passkey that would outlive the owner's password reset.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;
const CONFIRMATION_CODE_LIFETIME_MS = 10 * 60_000;
const CONFIRMATION_CODE_ATTEMPTS = 5;
/**
 * Wrong codes one session may ever type: a stolen cookie that asked for code after code would
 * otherwise guess for as long as the session lives. Past it, only the password or a new sign-in
 * confirms.
 */
const CONFIRMATION_FAILURES_PER_SESSION = 10;

/** Refuses a session that has typed too many wrong codes over its life. */
async function refuseWornOutSession(db: Db, session: SignedInSession): Promise<void> {
  const row = await confirmFailuresOf(db, hashSecret(session.sessionId));
  if (Number(row?.confirm_failures ?? 0) >= CONFIRMATION_FAILURES_PER_SESSION) throw new AppError("CODE_SPENT");
}

/** The session a signed-in request carries: its secret (the code's salt) and the hash the database keeps. */
export interface SignedInSession {
  accountId: string;
  sessionId: string;
}

/** Whether the session signed in, or confirmed who it is, within the last 10 minutes. */
async function signedInRecently(db: Db, session: SignedInSession, now = Date.now()): Promise<boolean> {
  const row = await signInMomentsOf(db, hashSecret(session.sessionId), session.accountId);
  if (!row) return false;
  const latest = Math.max(Number(row.created_at), Number(row.verified_at ?? 0));
  return now - latest <= RECENT_SIGN_IN_MS;
}

/** Refuses with RECENT_SIGN_IN_REQUIRED (403) unless the session is recent: the page then asks in place. */
export async function requireRecentSignIn(db: Db, session: SignedInSession): Promise<void> {
  if (!(await signedInRecently(db, session))) throw new AppError("RECENT_SIGN_IN_REQUIRED");
}

/** Marks the session as having proved who it is now, with the trail entry saying how. */
async function markConfirmed(db: Db, caller: Caller, session: SignedInSession, how: "password" | "code"): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await markSessionConfirmed(tx, hashSecret(session.sessionId), session.accountId);
    await tx.deleteFrom("step_up_codes").where("session_hash", "=", hashSecret(session.sessionId)).execute();
    await recordAuditEvent(tx, { event: "identity_confirmed", accountId: session.accountId, method: how }, { caller });
  });
}

/**
 * The current password typed again is checked as a sign-in's is: counted in the same buckets, so
 * this is no way around the login's limits.
 */
const CONFIRMING_PASSWORD: PasswordCheckWording = {
  lockout: {
    address: "Too many wrong passwords from your network. Please wait and try again.",
    stepUp: "Too many wrong passwords. Please wait and try again, or email yourself a code instead.",
    account: "Too many wrong passwords on this account. Please wait and try again, or email yourself a code instead.",
  },
  wrong: "CURRENT_PASSWORD_WRONG",
  refused: { event: "password_change_refused", reason: "wrong password confirming it's the owner" },
};

/**
 * Confirms with the current password, checked as a sign-in's is. A password this very session set
 * proves nothing about it: a stolen session could set a first password and then confirm itself
 * with it (docs/decisions/0078); that session confirms with the emailed code instead.
 */
export async function confirmWithPassword(db: Db, config: Config, caller: Caller, session: SignedInSession, password: string) {
  const account = await accountPasswordSetter(db, session.accountId);
  if (account.password_set_by_session === hashSecret(session.sessionId)) throw new AppError("PASSWORD_SET_IN_THIS_SESSION");
  await checkPassword(db, config, caller, { email: account.email, password }, CONFIRMING_PASSWORD);
  await markConfirmed(db, caller, session, "password");
}

/** The code's hash is salted with the session's secret: six digits alone are guessable offline. */
const codeHash = (sessionId: string, code: string) => hashSecret(`confirm:${sessionId}:${code}`);

/**
 * Mails a six-digit code to the account's own address, for this session only (asking again
 * replaces it): what proves the owner when there is no password, or it is forgotten. Limited per
 * session, so a thief's session cannot use up the owner's.
 */
export async function mailConfirmationCode(db: Db, config: Config, caller: Caller, session: SignedInSession, brand: Brand): Promise<void> {
  const sessionHash = hashSecret(session.sessionId);
  await refuseWornOutSession(db, session);
  await enforceLimits(db, config, [["confirmationCodeMailPerSession", session.accountId, sessionHash]], "codes");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = Date.now();
  await db.transaction().execute(async (tx) => {
    const account = await existingAccountEmail(tx, session.accountId);
    await tx.deleteFrom("step_up_codes").where("session_hash", "=", sessionHash).execute();
    await tx
      .insertInto("step_up_codes")
      .values({
        session_hash: sessionHash,
        account_id: session.accountId,
        code_hash: codeHash(session.sessionId, code),
        attempts: 0,
        expires_at: now + CONFIRMATION_CODE_LIFETIME_MS,
      })
      .execute();
    const look = mailLook(brand, config.publicUrl, caller.language);
    const lifetime = sayDuration(serverStrings(caller.language).units, CONFIRMATION_CODE_LIFETIME_MS);
    await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), account.email, confirmationCodeMail(look, code, lifetime));
  });
}

/**
 * Confirms with the mailed code, in the session it was mailed for. Each try first takes one of the
 * code's five attempts in a statement of its own, so racing tries cannot get more guesses.
 */
export async function confirmWithCode(db: Db, config: Config, caller: Caller, session: SignedInSession, code: string): Promise<void> {
  await enforceLimits(db, config, [["accessLinkCodePerIp", caller.address]], "attempts");
  await refuseWornOutSession(db, session);
  const sessionHash = hashSecret(session.sessionId);
  const attempt = await db
    .updateTable("step_up_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("session_hash", "=", sessionHash)
    .where("account_id", "=", session.accountId)
    .where("attempts", "<", CONFIRMATION_CODE_ATTEMPTS)
    .where("expires_at", ">", Date.now())
    .returning(["code_hash", "attempts"])
    .executeTakeFirst();
  if (!attempt) {
    const row = await db.selectFrom("step_up_codes").select("attempts").where("session_hash", "=", sessionHash).executeTakeFirst();
    if (!row) throw new AppError("CODE_EXPIRED");
    throw new AppError(row.attempts >= CONFIRMATION_CODE_ATTEMPTS ? "CODE_SPENT" : "CODE_EXPIRED");
  }
  if (!timingSafeEqual(Buffer.from(codeHash(session.sessionId, code)), Buffer.from(attempt.code_hash))) {
    await countConfirmFailure(db, sessionHash);
    throw wrongCode(CONFIRMATION_CODE_ATTEMPTS - attempt.attempts);
  }
  await markConfirmed(db, caller, session, "code");
}

/** Housekeeping: codes past their 10 minutes. */
export function pruneExpiredConfirmationCodes(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "step_up_codes", "expires_at", sql`expires_at <= ${now}`);
}
