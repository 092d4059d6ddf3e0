import { randomInt, timingSafeEqual } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { addressForLimits } from "../../base/client-address.ts";
import type { Config } from "../../base/config.ts";
import { COOKIES } from "../../base/cookies.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { insertRow } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import { hashSecret, newSecret } from "../../secrets/tokens.ts";
import { type Caller, clearCookie, setCookie } from "../kernel/caller.ts";
import { enforceLimitsUnderChallenge } from "../kernel/challenge-gate.ts";
import { PURPOSES, spendTokenByHash } from "../kernel/one-time-tokens.ts";
import { finishSignIn, type SignedIn } from "../kernel/sessions.ts";
import { wrongCode } from "../kernel/wrong-code.ts";
import { newApprovalNumber } from "./approval-digits.ts";
import { sessionForSpentLink } from "./link-sign-in.ts";
import { standInAttempts, takeStandInAttempt } from "./stand-in-code.ts";

/**
 * The six-digit code an access-link mail carries beside the link, for a customer who reads mail on
 * a phone while signing in on the computer. It works only in the browser that asked for the link
 * (a secret in an HttpOnly cookie, whose hash finds the code), for 10 minutes and 5 attempts, once;
 * spending the code spends its link and the other way round. Six digits are guessable offline, so
 * the stored hash is salted with that browser's secret, which is stored only hashed itself.
 */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;
export const CODE_COOKIE = COOKIES.signInCode.name();

const codeHash = (browserSecret: string, code: string) => hashSecret(`${browserSecret}:${code}`);

/**
 * Makes the code of a link just issued, for the browser asking, inside the caller's transaction;
 * answers the code (for the mail) and the browser's secret (for its cookie). A browser holds one
 * code: asking again replaces it.
 */
export async function issueSignInCode(
  tx: Kysely<Database>,
  linkToken: string,
  asker: Pick<Caller, "device" | "address">,
  /** The outbox row of the mail that will carry the code: the asking screen learns what became of it. */
  mailId: string | null = null,
): Promise<{ code: string; browserSecret: string }> {
  const browserSecret = newSecret();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = Date.now();
  await insertRow(tx, "sign_in_codes", {
    browser_hash: hashSecret(browserSecret),
    token_hash: hashSecret(linkToken),
    code_hash: codeHash(browserSecret, code),
    attempts: 0,
    created_at: now,
    expires_at: now + CODE_LIFETIME_MS,
    // Named to the other device as the account page names a browser: its kind and its network.
    device: asker.device,
    address: addressForLimits(asker.address),
    // The two digits the asking screen shows and the other device types (approval-digits.ts).
    approval_number: newApprovalNumber(),
    approval_choices: null,
    approved_at: null,
    refused_at: null,
    mail_id: mailId,
  });
  return { code, browserSecret };
}

/** Removes the code the asking browser holds, if any: it is asking for a new one. */
export async function forgetBrowserCode(tx: Kysely<Database>, caller: Caller): Promise<void> {
  const browserSecret = caller.cookie(CODE_COOKIE);
  if (browserSecret) await tx.deleteFrom("sign_in_codes").where("browser_hash", "=", hashSecret(browserSecret)).execute();
}

/** Gives the asking browser its code's secret (replacing any earlier one). */
export function holdCodeInBrowser(caller: Caller, config: Config, browserSecret: string): void {
  setCookie(caller, config, "signInCode", browserSecret, CODE_LIFETIME_MS / 1000);
}

/**
 * Signs in with the code typed in the browser that asked for the link: spends the link and writes
 * the session in one transaction. Every try first takes one of the code's attempts in a statement
 * of its own, so racing tries cannot get more than five guesses, and a wrong one stays counted.
 */
export async function signInWithCode(
  db: Db,
  config: Config,
  caller: Caller,
  code: string,
): Promise<{ redirectUrl: string; signedIn: SignedIn }> {
  await enforceLimitsUnderChallenge(db, config, caller, [["accessLinkCodePerIp", caller.address]], "sign-in attempts", "sign-in-code");
  const browserSecret = caller.cookie(CODE_COOKIE);
  if (!browserSecret) throw new AppError("CODE_UNKNOWN");
  const browserHash = hashSecret(browserSecret);
  const now = Date.now();
  const attempt = await db
    .updateTable("sign_in_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("browser_hash", "=", browserHash)
    .where("attempts", "<", CODE_ATTEMPTS)
    .where("expires_at", ">", now)
    .returning(["token_hash", "code_hash", "attempts"])
    .executeTakeFirst();
  if (!attempt) {
    // HIDE_ACCOUNT_EXISTENCE: a stand-in's attempt (stand-in-code.ts) is taken as a code's, and is always wrong.
    const standIn = config.hideAccountExistence ? await takeStandInAttempt(db, browserHash, CODE_ATTEMPTS, now) : undefined;
    if (standIn !== undefined) throw wrongTry(caller, config, standIn);
    throw await refusal(db, config, browserHash);
  }

  const typed = Buffer.from(codeHash(browserSecret, code));
  if (!timingSafeEqual(typed, Buffer.from(attempt.code_hash))) throw wrongTry(caller, config, attempt.attempts);

  const { session, redirectUrl } = await db.transaction().execute(async (tx) => {
    const spent = await spendTokenByHash(tx, PURPOSES.accessLink, attempt.token_hash).catch((error: unknown) => {
      // The link was used (or ran out) first: the code went with it.
      throw error instanceof AppError ? new AppError("CODE_SPENT") : error;
    });
    await tx.deleteFrom("sign_in_codes").where("token_hash", "=", attempt.token_hash).execute();
    return sessionForSpentLink(tx, config, caller, "code", spent);
  });
  clearCookie(caller, config, "signInCode");
  return { redirectUrl, signedIn: await finishSignIn(db, config, caller, session) };
}

/** A wrong code, the `attempts`th: how many tries are left, and at the last the browser's secret goes. */
function wrongTry(caller: Caller, config: Config, attempts: number): AppError {
  const left = CODE_ATTEMPTS - attempts;
  if (left === 0) clearCookie(caller, config, "signInCode");
  return wrongCode(left);
}

/** Why no attempt could be taken: no code for this browser, out of tries, or out of time. */
async function refusal(db: Db, config: Config, browserHash: string): Promise<AppError> {
  const row = await db.selectFrom("sign_in_codes").select(["attempts"]).where("browser_hash", "=", browserHash).executeTakeFirst();
  const attempts = row?.attempts ?? (config.hideAccountExistence ? await standInAttempts(db, browserHash) : undefined);
  if (attempts === undefined) return new AppError("CODE_UNKNOWN");
  return new AppError(attempts >= CODE_ATTEMPTS ? "CODE_SPENT" : "CODE_EXPIRED");
}

/** The request a link's page may approve: a live code of that link, not yet approved or refused (approval.ts). */
export async function pendingRequest(db: Kysely<Database>, tokenHash: string, now = Date.now()) {
  return db
    .selectFrom("sign_in_codes")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .where("approved_at", "is", null)
    .where("refused_at", "is", null)
    .where("approval_number", "is not", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** A request approved (when, from which browser) or refused (when): the other device's one entry. */
export async function markApproval(
  tx: Kysely<Database>,
  request: { browser_hash: string; token_hash: string },
  outcome: { approved_at: number; approved_by_browser: string | null } | { refused_at: number },
): Promise<void> {
  await tx
    .updateTable("sign_in_codes")
    .set(outcome)
    .where("browser_hash", "=", request.browser_hash)
    .where("token_hash", "=", request.token_hash)
    .execute();
}

/**
 * Where the asking browser's request stands, in one read: the code, whether its link was used, and
 * the mail that carried it, as far as the relay and its reports told (mail/delivery-state.ts).
 */
export function approvalStanding(db: Kysely<Database>, browserHash: string) {
  return db
    .selectFrom("sign_in_codes")
    .innerJoin("one_time_tokens", "one_time_tokens.token_hash", "sign_in_codes.token_hash")
    .leftJoin("outbox", "outbox.id", "sign_in_codes.mail_id")
    .select([
      "sign_in_codes.approval_number",
      "sign_in_codes.approved_at",
      "sign_in_codes.refused_at",
      "sign_in_codes.expires_at",
      "sign_in_codes.mail_id",
      "one_time_tokens.used_at",
      "outbox.delivery",
      "outbox.delivery_code",
      "outbox.attempts",
      "outbox.sent_at",
    ])
    .where("sign_in_codes.browser_hash", "=", browserHash)
    .executeTakeFirst();
}

/** The browser's approved request, taken once: its row goes in the same statement, so two waits racing sign in once. */
export function takeApprovedCode(tx: Kysely<Database>, browserHash: string) {
  return tx
    .deleteFrom("sign_in_codes")
    .where("browser_hash", "=", browserHash)
    .where("approved_at", "is not", null)
    .returning(["token_hash", "approved_by_browser"])
    .executeTakeFirst();
}

/** The codes of every link of an account, deleted inside the account deletion's transaction (before its links). */
export async function deleteCodesOfAccount(tx: Kysely<Database>, accountId: string): Promise<void> {
  const tokens = tx.selectFrom("one_time_tokens").select("token_hash").where("account_id", "=", accountId);
  await tx.deleteFrom("sign_in_codes").where("token_hash", "in", tokens).execute();
}

/** Housekeeping: codes past their 10 minutes can never be used again. */
export function pruneExpiredSignInCodes(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "sign_in_codes", "expires_at", sql`expires_at <= ${now}`);
}
