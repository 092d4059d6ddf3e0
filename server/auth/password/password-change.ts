import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { hashPassword } from "../../secrets/passwords.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import { accountPassword } from "../kernel/accounts.ts";
import type { Caller } from "../kernel/caller.ts";
import { checkPassword, type PasswordCheckWording } from "../kernel/password-check.ts";
import type { SignedInSession } from "../kernel/recent-sign-in.ts";
import { checkNewPassword, limitPasswordChanges, saveNewPassword, setFirstPassword } from "./password-reset.ts";

/**
 * The current password typed on the account page is checked as a sign-in's is: counted in the same
 * buckets, so the page is no way around the login's limits; only the words differ.
 */
const CURRENT_PASSWORD: PasswordCheckWording = {
  lockout: {
    address: "Too many wrong passwords from your network. Please wait and try again.",
    stepUp: "Too many wrong passwords. Please wait and try again.",
    account: "Too many wrong passwords on this account. Please wait and try again, or set a new one with Forgot your password?",
  },
  wrong: "CURRENT_PASSWORD_WRONG",
  refused: { event: "password_change_refused", reason: "wrong current password" },
};

export interface PasswordChange {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  /** The brand of the page it was changed on, for the notice mail; the account's own when none says. */
  productId?: number | undefined;
}

/**
 * The account page's password: an account without one gets its first (setFirstPassword: nobody
 * knew an old one, so nothing else ends; it needs a recent sign-in, as any new way in); an account
 * with one changes it, given the current one, and every other browser and app is signed out as
 * after a reset (saveNewPassword); the session changing it is the one that stays. Answers which.
 */
export async function changePassword(
  db: Db,
  config: Config,
  from: Caller,
  session: SignedInSession,
  change: PasswordChange,
): Promise<"set" | "changed"> {
  const { accountId } = session;
  const account = await accountPassword(db, accountId);
  if (!account) throw new AppError("NOT_SIGNED_IN");
  const currentHash = account.password_hash;
  if (currentHash === null) {
    await setFirstPassword(db, config, from, session, change.password, change.confirmPassword, change.productId);
    return "set";
  }
  if (change.currentPassword === "") throw new AppError("CURRENT_PASSWORD_MISSING");
  checkNewPassword(change.password, change.confirmPassword);
  await checkPassword(db, config, from, { email: account.email, password: change.currentPassword }, CURRENT_PASSWORD);
  // Counted only once the current password is known right: another session of the account (a
  // thief's, say) that does not know it cannot use up the owner's changes (docs/decisions/0065).
  // Its guesses count where a sign-in's do, and the owner's own origins keep their way in there.
  await limitPasswordChanges(db, config, from, accountId);
  // argon2 runs before the transaction, so the database is not held while it works.
  const passwordHash = await hashPassword(change.password);
  const productId = change.productId ?? (await accountBrand(db, accountId)).productId;
  const saved = await db.transaction().execute((tx) =>
    saveNewPassword(tx, config, {
      accountId,
      passwordHash,
      // A change saved meanwhile: the password typed is no longer the current one.
      replacing: currentHash,
      keepSessionId: session.sessionId,
      from,
      reason: "changed on the account page",
      productId,
    }),
  );
  if (!saved) throw new AppError("CURRENT_PASSWORD_WRONG");
  return "changed";
}
