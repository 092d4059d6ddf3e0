import { normalizeEmail } from "../../../common/email.ts";
import type { Config } from "../../base/config.ts";
import { AppError, type ErrorCode } from "../../base/errors.ts";
import { bucketKey } from "../../base/rate-limit-buckets.ts";
import type { Db } from "../../db/database.ts";
import { verifyNothing, verifyPassword } from "../../secrets/passwords.ts";
import { findAccountByEmail } from "./accounts.ts";
import { type AuditEventName, recordAuditEvent } from "./audit-trail.ts";
import type { Caller } from "./caller.ts";
import { pressureOf, requireProof } from "./challenge-gate.ts";
import { accountAndOwnOrigin } from "./known-origins.ts";
import { type BucketCount, countEachInOrder, countIn, settleAttempts, tooManyAttempts, uncountAttempt } from "./rate-limit.ts";

/** The growing delay: none for the first two failures, then 0.25 s, 0.5 s, 1 s … up to 8 s. */
function failureDelayMs(failures: number): number {
  return failures < 3 ? 0 : Math.min(250 * 2 ** (failures - 3), 8_000);
}

/**
 * The part of an account's failure limit only the owner's own devices and addresses may use: once
 * others have failed (limit − reserve) times, only they are refused, and the account's total still
 * stays within the limit (at most 100 an hour, NIST SP 800-63B).
 */
function ownerReserve(limit: number): number {
  return limit > 1 ? Math.ceil(limit / 10) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LOCKOUT_MESSAGES = {
  address: "Too many failed sign-in attempts from your network. Please wait and try again, or sign in with an emailed link.",
  stepUp: "Too many failed sign-in attempts. Please sign in with an emailed link, or wait and try again.",
  account:
    "Too many failed sign-in attempts on this account. Please sign in with an emailed link, or reset your password with Forgot your password?",
} as const;

/**
 * What a counted password check says when it refuses, and what the trail records of a wrong
 * password: a sign-in's words, or those of another check of the same password (the account page's).
 */
export interface PasswordCheckWording {
  lockout: Record<keyof typeof LOCKOUT_MESSAGES, string>;
  wrong: ErrorCode;
  refused: { event: AuditEventName; reason: string };
}

const SIGN_IN_WORDING: PasswordCheckWording = {
  lockout: LOCKOUT_MESSAGES,
  wrong: "INVALID_CREDENTIALS",
  refused: { event: "sign_in_refused", reason: "wrong password" },
};

export interface PasswordAttempt {
  email: string;
  password: string;
  /** A captcha token, when the form ran reCAPTCHA: like a proof in the header, it lets an attempt past its step-up point. */
  captchaToken?: string | undefined;
}

/**
 * Checks an email and password (docs/decisions/0017-lockout-without-lockout.md). Every attempt is
 * counted before the password is checked, so a burst of simultaneous guesses counts as the burst
 * it is, in three buckets:
 * - per client address (all emails): past its limit that address is refused;
 * - per email and origin, the origin being the owner's own device or address when the request
 *   comes from one, else the client address: it drives the growing delay, and past its limit the
 *   attempt needs a captcha (when configured) or the emailed link. Others' failures never slow or
 *   stop the owner's own browser;
 * - per email (known account or not, so the count reveals nothing): the account's total. Others
 *   are refused once it reaches the limit less the owner's reserve; the owner's own origins may go
 *   on to the limit.
 * A refusal that checked no password takes its count back from the account. A success takes its
 * attempt back and clears its origin's count.
 */
export async function checkPassword(
  db: Db,
  config: Config,
  caller: Caller,
  attempt: PasswordAttempt,
  wording: PasswordCheckWording = SIGN_IN_WORDING,
): Promise<string> {
  const emailKey = normalizeEmail(attempt.email);
  const address = caller.address;
  // The account is read once, with whether this request comes from one of its owner's origins.
  const { account, own } = await accountAndOwnOrigin(db, config, caller, emailKey);
  const origin = own ?? `ip.${address}`;
  const ipKey = bucketKey("passwordFailuresPerIp", address);
  const originKey = bucketKey("passwordFailuresPerEmailAndOrigin", emailKey, origin);
  const accountKey = bucketKey("passwordFailuresPerAccount", emailKey);

  // The three buckets in order, in one statement on PostgreSQL: past the address's limit neither
  // the origin nor the account is counted, past the origin's the account only once a captcha is solved.
  const counts: BucketCount[] = [
    ["passwordFailuresPerIp", address],
    ["passwordFailuresPerEmailAndOrigin", emailKey, origin],
    ["passwordFailuresPerAccount", emailKey],
  ];
  const verdicts = await countEachInOrder(db, config, counts);
  const [byIp, byOrigin, counted] = verdicts;
  if (!byIp?.allowed) throw tooManyAttempts(wording.lockout.address, byIp?.retryAfterMs ?? 0);

  // Past the origin's limit (the step-up point), or past a challenge threshold, the attempt must
  // prove a person makes it (decision 93); with no provider chosen, the step-up point refuses.
  const pressure = byOrigin?.allowed ? pressureOf(config, counts, verdicts) : 1;
  const steppedUp = pressure !== undefined && config.challenge.provider !== "off";
  if (steppedUp) {
    // The dialog's proof (the header) before the form's own reCAPTCHA token, which may be the one
    // that just failed.
    const proof = caller.challengeProof ?? attempt.captchaToken;
    await requireProof(db, config, caller, "password", pressure, counts.slice(0, verdicts.length), proof);
  } else if (!byOrigin?.allowed) throw tooManyAttempts(wording.lockout.stepUp, byOrigin?.retryAfterMs ?? 0);

  const byAccount = counted ?? (await countIn(db, config, ["passwordFailuresPerAccount", emailKey]));
  const limit = config.rateLimits.limits.passwordFailuresPerAccount;
  if (byAccount.count > (own ? limit : limit - ownerReserve(limit))) {
    await uncountAttempt(db, accountKey);
    throw tooManyAttempts(wording.lockout.account, byAccount.retryAfterMs);
  }
  // A solved captcha is the proof the delay stands in for. No delay, no timer: even a 0 ms one
  // holds the login back until the event loop's next turn of timers.
  const delayMs = steppedUp ? 0 : failureDelayMs((byOrigin?.count ?? 1) - 1);
  // After a delay (seconds, at most), the password is checked against the account as it is then.
  let checked: { id: string; password_hash: string | null } | undefined = account;
  if (delayMs > 0) {
    await sleep(delayMs);
    checked = await findAccountByEmail(db, emailKey);
  }

  const valid = checked?.password_hash
    ? await verifyPassword(checked.password_hash, attempt.password)
    : await verifyNothing(attempt.password);
  if (!checked || !valid) {
    // The owner sees on their account page that someone tried their password, and from where.
    if (checked) await recordAuditEvent(db, { ...wording.refused, accountId: checked.id, method: "password" }, { caller });
    throw new AppError(wording.wrong);
  }
  // In the order they were counted in: the address, the email from this origin, the account.
  await settleAttempts(db, [
    ["uncount", ipKey],
    ["forget", originKey],
    ["uncount", accountKey],
  ]);
  return checked.id;
}

/** The account's failure count, cleared when its password is reset. */
export function accountFailureKey(email: string): string {
  return bucketKey("passwordFailuresPerAccount", normalizeEmail(email));
}
