import { normalizeEmail } from "../../common/email.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { verifyNothing, verifyPassword } from "./passwords.ts";
import { countAttempt, forgetAttempts, peekAttempts } from "./rate-limit.ts";

/** The growing delay: none for the first two failures, then 0.25 s, 0.5 s, 1 s … up to 8 s. */
export function failureDelayMs(failures: number): number {
  return failures < 3 ? 0 : Math.min(250 * 2 ** (failures - 3), 8_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks an email and password. Failures are counted per email (known or not, so the count says
 * nothing about which emails have accounts) and per client address; each failure makes the next
 * attempt wait longer, and past the hourly limit attempts are refused without being checked.
 */
export async function checkPassword(db: Db, config: Config, email: string, password: string, ip: string): Promise<string> {
  const { windowMs, passwordFailuresPerAccount, passwordFailuresPerIp } = config.rateLimits;
  const emailKey = `password-failures:email:${normalizeEmail(email)}`;
  const ipKey = `password-failures:ip:${ip}`;
  const [emailFailures, ipFailures] = await Promise.all([peekAttempts(db, emailKey, windowMs), peekAttempts(db, ipKey, windowMs)]);
  if (emailFailures >= passwordFailuresPerAccount || ipFailures >= passwordFailuresPerIp) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many failed sign-in attempts. Please wait an hour, or reset your password with Forgot your password?",
    );
  }
  await sleep(failureDelayMs(Math.max(emailFailures, ipFailures)));

  const account = await db
    .selectFrom("accounts")
    .select(["id", "password_hash"])
    .where("email_key", "=", normalizeEmail(email))
    .executeTakeFirst();
  const valid = account?.password_hash ? await verifyPassword(account.password_hash, password) : await verifyNothing(password);
  if (!account || !valid) {
    await Promise.all([
      countAttempt(db, emailKey, Number.MAX_SAFE_INTEGER, windowMs),
      countAttempt(db, ipKey, Number.MAX_SAFE_INTEGER, windowMs),
    ]);
    throw new AppError("INVALID_CREDENTIALS");
  }
  await forgetAttempts(db, emailKey);
  return account.id;
}
