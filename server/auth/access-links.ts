import { describeDays } from "../../common/duration.ts";
import { normalizeEmail } from "../../common/email.ts";
import { DSONE_PRODUCT_ID, PRODUCTS, productById } from "../../common/products.ts";
import { safeRedirect } from "../../common/redirects.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { enqueueMail, fromHeader } from "../mail/outbox.ts";
import { accessLinkMail } from "../mail/templates.ts";
import { isExistingDesktopUser } from "./accounts.ts";
import { issueToken, PURPOSES, spendToken } from "./one-time-tokens.ts";
import { enforceLimits } from "./rate-limit.ts";

/** The access-link request's answer (SPEC section 3). */
export interface AccessLinkAnswer {
  isOk: boolean;
  isExistingDesktopUser: boolean;
  redirectUrl: string;
}

export interface AccessLinkRequest {
  email: string;
  productId: number;
  returnUrl?: string;
  ip: string;
}

/** Where a brand's emailed link opens: a page that shows the brand and a button (never a GET that signs in). */
function linkPage(config: Config, productId: number, token: string): string {
  const brand = productId === PRODUCTS.maverick.id ? "maverick" : "dsone";
  return `${config.publicUrl}/${brand}/access-link?token=${token}`;
}

function defaultLanding(config: Config, productId: number): string {
  return productId === PRODUCTS.maverick.id ? config.links.maverickUi : config.links.dsoneUi;
}

/**
 * Sends a personal access link when the email has an account. An account that holds only a
 * license of the earlier desktop product (solve IQ) is an existing desktop user: it signs in on the
 * desktop sign-in page instead (docs/decisions/0003-existing-desktop-users.md).
 */
export async function requestAccessLink(db: Db, config: Config, request: AccessLinkRequest): Promise<AccessLinkAnswer> {
  const emailKey = normalizeEmail(request.email);
  const { windowMs, accessLinkPerIp, accessLinkPerEmail } = config.rateLimits;
  await enforceLimits(
    db,
    [
      [`access-link:ip:${request.ip}`, accessLinkPerIp],
      [`access-link:email:${emailKey}`, accessLinkPerEmail],
    ],
    windowMs,
    "sign-in links were requested",
  );

  const account = await db.selectFrom("accounts").select(["id", "email"]).where("email_key", "=", emailKey).executeTakeFirst();
  if (!account) return { isOk: false, isExistingDesktopUser: false, redirectUrl: "" };

  if (await isExistingDesktopUser(db, account.id))
    return { isOk: false, isExistingDesktopUser: true, redirectUrl: config.links.desktopSignIn };

  const productId = productById(request.productId) ? request.productId : DSONE_PRODUCT_ID;
  const brandName = productById(productId)?.name ?? PRODUCTS.dsone.name;
  await db.transaction().execute(async (tx) => {
    const token = await issueToken(tx, PURPOSES.accessLink, {
      accountId: account.id,
      productId,
      returnUrl: safeRedirect(request.returnUrl, config.publicUrl, config.allowedRedirectOrigins) ?? null,
      lifetimeMs: config.accessLinkLifetimeDays * 86_400_000,
    });
    const mail = accessLinkMail(brandName, linkPage(config, productId, token), describeDays(config.accessLinkLifetimeDays).toLowerCase());
    await enqueueMail(tx, fromHeader(brandName, config.mailFrom), account.email, mail);
  });
  return { isOk: true, isExistingDesktopUser: false, redirectUrl: "" };
}

/**
 * Spends an access link: single use, enforced by one conditional update, so two clicks racing
 * each other cannot both succeed. Answers the account and where to continue.
 */
export async function consumeAccessLink(
  db: Db,
  config: Config,
  token: string,
  ip: string,
): Promise<{ accountId: string; redirectUrl: string }> {
  // Tokens cannot be guessed, but every endpoint that checks a secret is limited all the same.
  await enforceLimits(
    db,
    [[`access-link-consume:ip:${ip}`, config.rateLimits.accessLinkPerIp]],
    config.rateLimits.windowMs,
    "sign-in attempts",
  );
  const spent = await spendToken(db, PURPOSES.accessLink, token);
  // The allowlist is checked again: it may have changed since the link was sent.
  const redirectUrl =
    safeRedirect(spent.returnUrl, config.publicUrl, config.allowedRedirectOrigins) ?? defaultLanding(config, spent.productId);
  return { accountId: spent.accountId, redirectUrl };
}
