import { brandForProduct } from "../../../common/brands/index.ts";
import { NEW_PASSWORD_PARAM } from "../../../common/password-rules.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { sendAccessLinkFromSupport } from "../kernel/access-link-mail.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import type { Caller } from "../kernel/caller.ts";
import { checkPassword } from "../kernel/password-check.ts";
import { continueTo } from "../kernel/return-url.ts";
import { type SignedIn, startSession } from "../kernel/sessions.ts";
import { isCommonPassword } from "./common-passwords.ts";

export interface PasswordSignIn {
  email: string;
  password: string;
  returnUrl?: string | null | undefined;
  /** Where to go when the ReturnUrl is missing or not allowed. */
  landing: string;
  remember?: boolean;
  captchaToken?: string | undefined;
  /** The brand of the screen: the new-browser mail's, and the emailed link's a breached password gets instead. */
  productId: number;
}

/**
 * Every password sign-in (DS One, Maverick Safe, the earlier area's forms): the configuration
 * switch, the counted password check, a new session, and the allowlisted place to continue, with
 * who signed in.
 */
export async function signInWithPassword(
  db: Db,
  config: Config,
  caller: Caller,
  signIn: PasswordSignIn,
): Promise<{ redirectUrl: string; signedIn: SignedIn }> {
  if (!config.passwordLoginAllowed) throw new AppError("PASSWORD_LOGIN_DISABLED");
  const accountId = await checkPassword(db, config, caller, {
    email: signIn.email,
    password: signIn.password,
    captchaToken: signIn.captchaToken,
  });
  if (isCommonPassword(signIn.password)) await refuseBreachedPassword(db, config, caller, accountId, signIn.productId);
  const signedIn = await startSession(db, config, caller, accountId, {
    method: "password",
    brand: brandForProduct(signIn.productId).id,
    remember: signIn.remember ?? true,
  });
  return { redirectUrl: await continueTo(db, config, signIn.returnUrl, signIn.landing), signedIn };
}

/**
 * A right password that is on the list of breached ones (common-passwords.ts) signs nobody in:
 * whoever else has it could sign in too. The owner is sent the emailed sign-in link (which always
 * works) to the account page, which then asks for a new password; the trail records the refusal,
 * and the metrics count it as PASSWORD_BREACHED. Answered as a refusal, never as a wrong password.
 */
async function refuseBreachedPassword(db: Db, config: Config, caller: Caller, accountId: string, productId: number): Promise<never> {
  const brand = brandForProduct(productId);
  await recordAuditEvent(
    db,
    { event: "sign_in_refused", accountId, method: "password", reason: "password on the breached list" },
    { caller },
  );
  await sendAccessLinkFromSupport(
    db,
    config,
    accountId,
    productId,
    { caller },
    {
      returnUrl: `${config.publicUrl}${brand.paths.account}?${NEW_PASSWORD_PARAM}=1`,
      language: caller.language,
    },
  );
  throw new AppError("PASSWORD_BREACHED");
}
