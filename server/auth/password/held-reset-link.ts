import type { Brand } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { looksLikeSecret } from "../../secrets/tokens.ts";
import { type Caller, clearCookie, readCookie, setCookie } from "../kernel/caller.ts";
import { passkeysToOffer } from "../kernel/passkey-removal.ts";
import { readSessionId } from "../kernel/sessions.ts";
import { limitResetCodeChecks, openPasswordReset, resetPassword } from "./password-reset.ts";

/**
 * The reset screen's link, held for the tab that opened it: opening it keeps its code and email
 * in two cookies scoped to /api/password, so they never travel in a URL again, and the reset reads
 * them from there. A request that sends them with the new password instead is taken at its word.
 */

/**
 * Checks a reset link without spending it (limited per address, as every check of a reset code
 * is), holds it in this browser for as long as it lasts, and answers the account's passkeys: the
 * link holder may remove them with the reset.
 */
export async function openResetLink(
  db: Db,
  config: Config,
  caller: Caller,
  link: { code: string; email: string },
): Promise<{ passkeys: Awaited<ReturnType<typeof passkeysToOffer>> }> {
  await limitResetCodeChecks(db, config, caller);
  const { accountId, expiresAt } = await openPasswordReset(db, link.code, link.email);
  const maxAge = Math.max(1, Math.floor((expiresAt - Date.now()) / 1000));
  setCookie(caller, config, "passwordReset", link.code, maxAge);
  setCookie(caller, config, "passwordResetEmail", link.email, maxAge);
  return { passkeys: await passkeysToOffer(db, accountId) };
}

export interface ResetWithHeldLink {
  /** Empty when the browser holds the link (openResetLink). */
  code: string;
  email: string;
  password: string;
  confirmPassword: string;
  removePasskeys: readonly string[];
}

/**
 * Sets the new password with the link the request names, or else the one this browser holds; the
 * browser doing it stays signed in, and lets go of the link. Answers the brand whose confirmation
 * screen is next.
 */
export async function resetWithHeldLink(db: Db, config: Config, caller: Caller, request: ResetWithHeldLink): Promise<Brand> {
  const code = request.code || readCookie(caller, config, "passwordReset") || "";
  const email = request.email || readCookie(caller, config, "passwordResetEmail") || "";
  if (!looksLikeSecret(code)) throw new AppError("RESET_LINK_UNKNOWN");
  await limitResetCodeChecks(db, config, caller);
  const brand = await resetPassword(db, config, {
    code,
    email,
    password: request.password,
    confirmPassword: request.confirmPassword,
    keepSessionId: readSessionId(caller, config),
    from: caller,
    removePasskeys: request.removePasskeys,
  });
  clearCookie(caller, config, "passwordReset");
  clearCookie(caller, config, "passwordResetEmail");
  return brand;
}
