import type { Kysely } from "kysely";
import { type Brand, brandForProduct, dsoneScreens, passwordSignInAddress } from "../../../common/brands/index.ts";
import { isValidEmail, normalizeEmail } from "../../../common/email.ts";
import type { Language } from "../../../common/languages.ts";
import { newPasswordErrors, PASSWORD_MESSAGES, type PasswordMessages } from "../../../common/password-rules.ts";
import { DSONE_PRODUCT_ID, PRODUCTS, productById, SOLVE_IQ_SCREENS } from "../../../common/products.ts";
import { waitOutFloor } from "../../base/answer-floor.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { type MailLook, mailLook, passwordChangedMail, passwordResetMail, passwordSetMail } from "../../mail/templates.ts";
import { hashPassword } from "../../secrets/passwords.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import {
  accountEmailKeyOf,
  accountPasswordHash,
  existingAccountEmail,
  savePasswordHash,
  setFirstPasswordHash,
} from "../kernel/accounts.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import type { Caller } from "../kernel/caller.ts";
import { accountAndOwnOrigin } from "../kernel/known-origins.ts";
import { enforceMailLimits } from "../kernel/mail-limits.ts";
import { issueToken, PURPOSES, peekToken, spendLinksOnNewPassword, spendToken } from "../kernel/one-time-tokens.ts";
import { removePasskeysOf } from "../kernel/passkey-removal.ts";
import { accountFailureKey } from "../kernel/password-check.ts";
import { endPendingChanges } from "../kernel/pending-email-change.ts";
import { enforceLimits, forgetAttempts } from "../kernel/rate-limit.ts";
import { requireRecentSignIn, type SignedInSession } from "../kernel/recent-sign-in.ts";
import { endEverySignIn } from "../kernel/sign-out.ts";
import { isCommonPassword } from "./common-passwords.ts";

/**
 * Who a reset is for: the desktop product (DS One) or solve IQ of the earlier account area. Each
 * has its own mail brand and its own reset screen the link opens.
 */
const RESET_AREAS = {
  desktop: { productId: DSONE_PRODUCT_ID, resetPath: dsoneScreens.resetPassword },
  solveiq: { productId: PRODUCTS.solveiq.id, resetPath: SOLVE_IQ_SCREENS.resetPassword },
} as const;
export type ResetArea = keyof typeof RESET_AREAS;

function brandName(productId: number): string {
  return productById(productId)?.name ?? PRODUCTS.dsone.name;
}

/** A product's mail: its own name, in the look of the brand that serves it. */
function mailLookFor(config: Config, productId: number, language: Language): MailLook {
  return mailLook(brandForProduct(productId), config.publicUrl, language, brandName(productId));
}

/**
 * Refuses a new password that breaks a rule, answering every broken rule's message. Besides the
 * rules the browser checks too, the server refuses the most common breached passwords.
 */
export function checkNewPassword(password: string, confirmPassword: string): void {
  const common = isCommonPassword(password);
  // Every broken rule's message, in a language's words (the answer is written in the request's).
  const broken = (rules: PasswordMessages) => {
    const errors = newPasswordErrors(password, confirmPassword, rules);
    if (errors.password === undefined && common) errors.password = rules.common;
    return [errors.password, errors.confirmPassword].filter((message): message is string => message !== undefined);
  };
  const messages = broken(PASSWORD_MESSAGES);
  if (messages.length > 0)
    throw new AppError("PASSWORD_INVALID", messages[0], {}, { messages }, (words) => {
      const inLanguage = broken(words.passwordRules);
      return { message: inLanguage[0] as string, details: { messages: inLanguage } };
    });
}

/**
 * How long a reset request's answer takes at least, known email or not: writing the link and the
 * mail takes a few milliseconds an unknown email does not, and that difference would tell which
 * emails have accounts. Well above what the writes take on a loaded database.
 */
export const RESET_ANSWER_MS = 250;

/**
 * Mails a reset link when the email has an account. The answer is the same either way, and takes
 * the same time (RESET_ANSWER_MS), so the form tells nobody which emails have accounts.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  email: string,
  from: Caller,
  area: ResetArea | Brand = "desktop",
): Promise<void> {
  const emailKey = normalizeEmail(email);
  // From the account's read on, whose answer differs for known and unknown emails.
  const started = Date.now();
  try {
    const { account, own } = await accountAndOwnOrigin(db, config, from, emailKey);
    await enforceMailLimits(
      db,
      config,
      from,
      emailKey,
      own,
      { perIp: "passwordResetPerIp", perEmail: "passwordResetPerEmail", ownOrigin: "passwordResetOwnOrigin", purpose: "password-reset" },
      "password reset emails were requested",
    );
    if (account) await mailResetLink(db, config, account, area, from);
  } finally {
    await waitOutFloor(started, RESET_ANSWER_MS);
  }
}

async function mailResetLink(
  db: Db,
  config: Config,
  account: { id: string; email: string },
  area: ResetArea | Brand,
  from: Caller,
): Promise<void> {
  // A brand's own reset screens, or an area of the earlier account area.
  const { productId, resetPath } =
    typeof area === "string" ? RESET_AREAS[area] : { productId: area.productId, resetPath: area.paths.resetPassword };
  await db.transaction().execute(async (tx) => {
    const code = await issueToken(tx, PURPOSES.passwordReset, {
      accountId: account.id,
      productId,
      returnUrl: null,
      lifetimeMs: config.resetLinkLifetimeMs,
    });
    await recordAuditEvent(
      tx,
      { event: "password_reset_requested", accountId: account.id, brand: brandForProduct(productId).id },
      { caller: from },
    );
    const link = `${config.publicUrl}${resetPath}?code=${code}&email=${encodeURIComponent(account.email)}`;
    const brand = brandName(productId);
    await enqueueMail(
      tx,
      config,
      fromHeader(brand, config.mailFrom),
      account.email,
      passwordResetMail(mailLookFor(config, productId, from.language), link, config.resetLinkLifetimeMs),
    );
  });
}

async function accountEmailKey(db: Db, accountId: string): Promise<string | undefined> {
  return (await accountEmailKeyOf(db, accountId))?.email_key;
}

/** Every request that presents a reset code is limited per address: each checks a secret. */
export async function limitResetCodeChecks(db: Db, config: Config, from: Caller): Promise<void> {
  await enforceLimits(db, config, [["resetCodePerIp", from.address]], "password reset attempts");
}

/** Checks a reset link without spending it: opening the link changes nothing. */
export async function openPasswordReset(db: Db, code: string, email: string): Promise<{ accountId: string; expiresAt: number }> {
  const { accountId, expiresAt } = await peekToken(db, PURPOSES.passwordReset, code);
  // The link carries its email; a code presented with another email is not this link.
  if (!isValidEmail(email) || (await accountEmailKey(db, accountId)) !== normalizeEmail(email)) throw new AppError("RESET_LINK_UNKNOWN");
  return { accountId, expiresAt };
}

export interface PasswordResetRequest {
  code: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** The session id of the browser doing the reset: the one session that survives it. */
  keepSessionId?: string | undefined;
  /** The browser doing the reset, for the security trail. */
  from: Caller;
  /** The account's passkeys to remove with it: one a thief added outlives a reset otherwise. */
  removePasskeys?: readonly string[];
}

/**
 * Sets the new password from a reset link, spending its code (saveNewPassword says what else
 * ends); answers the brand of the product the link was sent for, whose confirmation screen is next.
 */
export async function resetPassword(db: Db, config: Config, request: PasswordResetRequest): Promise<Brand> {
  checkNewPassword(request.password, request.confirmPassword);
  await openPasswordReset(db, request.code, request.email);
  // argon2 runs before the transaction, so the database is not held while it works.
  const passwordHash = await hashPassword(request.password);
  return db.transaction().execute(async (tx) => {
    const { accountId, productId } = await spendToken(tx, PURPOSES.passwordReset, request.code);
    const saved = await saveNewPassword(tx, config, {
      accountId,
      passwordHash,
      ...(request.keepSessionId ? { keepSessionId: request.keepSessionId } : {}),
      from: request.from,
      reason: "reset by an emailed link",
      productId,
    });
    if (!saved) throw new AppError("RESET_LINK_UNKNOWN");
    await removePasskeysOf(
      tx,
      accountId,
      request.removePasskeys ?? [],
      { caller: request.from },
      request.keepSessionId ? hashSecret(request.keepSessionId) : undefined,
    );
    return brandForProduct(productId);
  });
}

export interface NewPassword {
  accountId: string;
  passwordHash: string;
  /** The hash the old password was checked against: when another change saved first, this one saves nothing. */
  replacing?: string;
  /** The session id of the browser saving it: the one session that survives. */
  keepSessionId?: string;
  /** The browser saving it, for the security trail. */
  from: Caller;
  /** How it was changed, for the trail ("reset by an emailed link"). */
  reason: string;
  /** The product whose name and look the notice mail takes. */
  productId: number;
}

/**
 * Replaces an account's password (a reset, or a change on the account page) in the caller's
 * transaction: every other session and every app's sign-in end (endEverySignIn), every outstanding
 * link of the account stops working, its failed-login count is cleared, the trail records it and a
 * "your password was changed" notice is mailed. False, having changed nothing, when the account is
 * gone or its password is no longer `replacing`.
 */
export async function saveNewPassword(tx: Kysely<Database>, config: Config, change: NewPassword): Promise<boolean> {
  const { accountId, productId } = change;
  const account = await savePasswordHash(tx, accountId, {
    passwordHash: change.passwordHash,
    setBySession: change.keepSessionId ? hashSecret(change.keepSessionId) : null,
    replacing: change.replacing,
  });
  if (!account) return false;
  // Whoever knew the old password is signed out of every browser and every app (the desktop
  // agent's refresh token included); the browser saving the new one stays signed in.
  await endEverySignIn(tx, accountId, change.keepSessionId ? { keepSessionId: change.keepSessionId } : {});
  await recordAuditEvent(tx, { event: "password_changed", accountId, reason: change.reason }, { caller: change.from });
  // An email change asked for and not yet confirmed ends: it may be the taker's. Every other link
  // the account was sent (older reset codes, access links) stops working too; not the links that
  // are the owner's against someone else (removing a passkey, "This wasn't me", undoing an email
  // change), which a taker's new password must not disarm.
  await endPendingChanges(tx, accountId, "cancelled");
  await spendLinksOnNewPassword(tx, accountId);
  // The failed logins that may have locked the account no longer count: its password is new.
  await forgetAttempts(tx, accountFailureKey(account.email));
  await mailPasswordNotice(tx, config, account.email, productId, change.from.language, passwordChangedMail);
  return true;
}

/** Tells the owner their password changed or was set: in the brand of `productId`, linking to its sign-in. */
async function mailPasswordNotice(
  tx: Kysely<Database>,
  config: Config,
  email: string,
  productId: number,
  language: Language,
  template: typeof passwordChangedMail,
): Promise<void> {
  const signIn = passwordSignInAddress(brandForProduct(productId), config.links);
  await enqueueMail(
    tx,
    config,
    fromHeader(brandName(productId), config.mailFrom),
    email,
    template(mailLookFor(config, productId, language), signIn),
  );
}

function alreadySet(): AppError {
  return new AppError("PASSWORD_ALREADY_SET").echoing((message) => ({ messages: [message] }));
}

/** Setting a password and changing it count in the same limits, per address and per account. */
export async function limitPasswordChanges(db: Db, config: Config, from: Caller, accountId: string): Promise<void> {
  await enforceLimits(
    db,
    config,
    [
      ["setPasswordPerIp", from.address],
      ["setPasswordPerAccount", accountId],
    ],
    "password changes",
  );
}

/**
 * The earlier pages' Set Password (SPEC section 7): as setFirstPassword, but those pages cannot ask
 * "confirm it's you" in place, so a sign-in older than 10 minutes is asked to sign in again.
 */
export async function setFirstPasswordOnEarlierPage(
  db: Db,
  config: Config,
  from: Caller,
  session: SignedInSession,
  password: string,
  confirmPassword: string,
): Promise<void> {
  try {
    await setFirstPassword(db, config, from, session, password, confirmPassword);
  } catch (error) {
    if (error instanceof AppError && error.code === "RECENT_SIGN_IN_REQUIRED") throw new AppError("SIGN_IN_AGAIN_TO_SET_PASSWORD");
    throw error;
  }
}

/**
 * Gives a password to a signed-in account that has none. A first password is a new way in, so it
 * asks what adding a passkey asks (docs/decisions/0078): a sign-in of the last 10 minutes, or one
 * confirmed since with the emailed code; a stolen session cookie carries neither. Everything that
 * can refuse the request runs before argon2 does (the recency, the limits, the rules, whether the
 * account already has a password), so a refused request costs no hashing; the final update is
 * conditional all the same, for two requests racing each other. The session that set it is kept:
 * that password never proves this session's recency, and an undo removes it.
 */
export async function setFirstPassword(
  db: Db,
  config: Config,
  from: Caller,
  session: SignedInSession,
  password: string,
  confirmPassword: string,
  /** The brand of the page it was set on; the account's own (accountBrand) when none says. */
  pageProductId?: number,
): Promise<void> {
  const { accountId } = session;
  await requireRecentSignIn(db, session);
  await limitPasswordChanges(db, config, from, accountId);
  const account = await accountPasswordHash(db, accountId);
  if (account?.password_hash) throw alreadySet();
  checkNewPassword(password, confirmPassword);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    const updated = await setFirstPasswordHash(tx, accountId, passwordHash, hashSecret(session.sessionId));
    if (updated.numUpdatedRows !== 1n) throw alreadySet();
    await recordAuditEvent(tx, { event: "password_set", accountId }, { caller: from });
    // A new way in: its owner hears of it, as of a changed password (a stolen session setting one
    // would otherwise go unnoticed).
    const account = await existingAccountEmail(tx, accountId);
    await mailPasswordNotice(
      tx,
      config,
      account.email,
      pageProductId ?? (await accountBrand(tx, accountId)).productId,
      from.language,
      passwordSetMail,
    );
  });
}
