import { type Kysely, sql } from "kysely";
import type { Brand } from "../../../common/brands/index.ts";
import { networkOf } from "../../../common/network.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import type { Database } from "../../db/schema.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { signInNoticeWithEmail } from "../kernel/accounts.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import type { Caller } from "../kernel/caller.ts";
import { issueToken, PURPOSES, peekToken, spendToken, TOKEN_KEPT_AFTER_EXPIRY_MS } from "../kernel/one-time-tokens.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { endSignInsOfBrowser } from "../kernel/sign-out.ts";

/**
 * "This wasn't me" (docs/decisions/0067): the "New sign-in" mail's button. Its page names the
 * browser, network and time; opening it changes nothing (mail scanners open links); its button
 * signs that browser out, with every app it signed in to, and removes the passkeys it added. It
 * works once, for 7 days, and signs nobody in: whoever presses it only ends a sign-in.
 */
export const NOT_ME_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** The sign-in a "New sign-in" mail tells of, for its link. */
export interface ToldSignIn {
  accountId: string;
  sessionHash: string;
  /** Its browser's device mark: the link's button ends every sign-in of that browser. */
  browserMark: string;
  device: string;
  address: string;
  at: number;
  brand: Brand;
}

/** Issues the link inside the mail's transaction; answers its address. */
export async function issueNotMeLink(tx: Kysely<Database>, config: Config, told: ToldSignIn): Promise<string> {
  const token = await issueToken(tx, PURPOSES.notMe, {
    accountId: told.accountId,
    productId: told.brand.productId,
    returnUrl: null,
    lifetimeMs: NOT_ME_LINK_LIFETIME_MS,
  });
  await tx
    .insertInto("sign_in_notices")
    .values({
      token_hash: hashSecret(token),
      account_id: told.accountId,
      session_hash: told.sessionHash,
      browser_mark: told.browserMark,
      device: told.device,
      address: told.address,
      signed_in_at: told.at,
    })
    .execute();
  return `${config.publicUrl}${told.brand.paths.notMe}?token=${encodeURIComponent(token)}`;
}

/** What the page shows before anything happens: which browser, from where, when; and the account's address, for the emailed sign-in it offers. */
export interface NotMeView {
  device: string | null;
  address: string | null;
  signedInAt: number;
  email: string;
}

export async function checkNotMe(db: Db, config: Config, caller: Caller, token: string): Promise<NotMeView> {
  await enforceLimits(db, config, [["notMeLinkPerIp", caller.address]], "attempts");
  const { accountId } = await peekToken(db, PURPOSES.notMe, token);
  const notice = await signInNoticeWithEmail(db, hashSecret(token), accountId);
  if (!notice) throw new AppError("NOT_ME_LINK_UNKNOWN");
  // A notice stored before the network was all it kept still holds the address: coarsened here too.
  const address = notice.address === null ? null : networkOf(notice.address);
  return { device: notice.device, address, signedInAt: Number(notice.signed_in_at), email: notice.email };
}

/**
 * The button: spends the link and, in one transaction, ends every sign-in of that browser since
 * (each session, every app signed in through it, the passkeys it added; sign-out.ts). Sets no cookie.
 */
export async function signOutNotMe(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await enforceLimits(db, config, [["notMeLinkPerIp", caller.address]], "attempts");
  await db.transaction().execute(async (tx) => {
    const { accountId } = await spendToken(tx, PURPOSES.notMe, token);
    const notice = await tx
      .selectFrom("sign_in_notices")
      .select(["session_hash", "browser_mark"])
      .where("token_hash", "=", hashSecret(token))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!notice) throw new AppError("NOT_ME_LINK_UNKNOWN");
    // Already signed out (by the owner, by its own logout): its apps and later sign-ins still end.
    await endSignInsOfBrowser(tx, accountId, { sessionHash: notice.session_hash, browserMark: notice.browser_mark }, { caller });
    await recordAuditEvent(tx, { event: "sign_in_reported", accountId }, { caller });
  });
}

/**
 * Housekeeping: a notice goes when its link's token does (pruneOneTimeTokens, 30 days after it
 * expired); until then the link still says it has expired or was used.
 */
export function pruneSignInNotices(db: Db, now = Date.now()): Promise<SweepCost> {
  const before = now - NOT_ME_LINK_LIFETIME_MS - TOKEN_KEPT_AFTER_EXPIRY_MS;
  return deleteInBatches(db, "sign_in_notices", "signed_in_at", sql`signed_in_at <= ${before}`);
}
