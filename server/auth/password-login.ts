import { normalizeEmail } from "../../common/email.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { verifyNothing, verifyPassword } from "./passwords.ts";
import { countAttempt, forgetAttempts, uncountAttempt } from "./rate-limit.ts";

/** The growing delay: none for the first two failures, then 0.25 s, 0.5 s, 1 s … up to 8 s. */
export function failureDelayMs(failures: number): number {
  return failures < 3 ? 0 : Math.min(250 * 2 ** (failures - 3), 8_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function passwordFailureKey(email: string): string {
  return `password-failures:email:${normalizeEmail(email)}`;
}

/**
 * Checks an email and password. Every attempt is counted before the password is checked, per
 * email (known or not, so the count says nothing about which emails have accounts) and per
 * client address, so a burst of simultaneous guesses is counted as the burst it is. Each earlier
 * failure makes the attempt wait longer; past the hourly limit it is refused unchecked. A success
 * takes its attempt back and clears the email's count.
 */
export async function checkPassword(db: Db, config: Config, email: string, password: string, ip: string): Promise<string> {
  const { windowMs, passwordFailuresPerAccount, passwordFailuresPerIp } = config.rateLimits;
  const emailKey = passwordFailureKey(email);
  const ipKey = `password-failures:ip:${ip}`;
  const [byEmail, byIp] = await Promise.all([
    countAttempt(db, emailKey, passwordFailuresPerAccount, windowMs),
    countAttempt(db, ipKey, passwordFailuresPerIp, windowMs),
  ]);
  if (!byEmail.allowed || !byIp.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many failed sign-in attempts. Please wait an hour, or reset your password with Forgot your password?",
    );
  }
  await sleep(failureDelayMs(Math.max(byEmail.count, byIp.count) - 1));

  const account = await db
    .selectFrom("accounts")
    .select(["id", "password_hash"])
    .where("email_key", "=", normalizeEmail(email))
    .executeTakeFirst();
  const valid = account?.password_hash ? await verifyPassword(account.password_hash, password) : await verifyNothing(password);
  if (!account || !valid) throw new AppError("INVALID_CREDENTIALS");
  await Promise.all([forgetAttempts(db, emailKey), uncountAttempt(db, ipKey)]);
  return account.id;
}
