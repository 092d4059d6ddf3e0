import type { Kysely } from "kysely";
import { type Brand, brandForProduct } from "../../../common/brands/index.ts";
import { DEFAULT_LANGUAGE, type Language, languageForTag } from "../../../common/languages.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { writeTogether } from "../../db/write-together.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { accessLinkMail, mailLook } from "../../mail/templates.ts";
import { refuseDisabledAccount } from "./account-status.ts";
import { accountForMail } from "./accounts.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";
import { issueToken, PURPOSES } from "./one-time-tokens.ts";
import { enforceLimits } from "./rate-limit.ts";

/*
 * The emailed sign-in link as the other flows send it: support, and a right password that is on
 * the breached list. The link always works, so every way in may fall back on it; the customer's
 * own request for one (with its code and per-browser limits) is access-link/access-links.ts.
 */

/** Where a brand's emailed link opens: a page that shows the brand and a button (never a GET that signs in). */
export function linkPage(config: Config, brand: Brand, token: string): string {
  return `${config.publicUrl}${brand.paths.accessLink}?token=${token}`;
}

export function issueLinkToken(
  tx: Kysely<Database>,
  config: Config,
  accountId: string,
  brand: Brand,
  returnUrl: string | null,
): Promise<string> {
  return issueToken(tx, PURPOSES.accessLink, {
    accountId,
    productId: brand.productId,
    returnUrl,
    lifetimeMs: config.accessLinkLifetimeDays * 86_400_000,
  });
}

/**
 * A fresh access link sent by support (server/auth/support/support-actions.ts) to the account's own
 * address, in the brand of `productId`: the same link, without the code (no browser of the
 * customer's asked, so none could take it). Counted against the address's mail allowance, so
 * support cannot flood a mailbox either. The agent never sees the link.
 */
export async function sendAccessLinkFromSupport(
  db: Db,
  config: Config,
  accountId: string,
  productId: number,
  source: AuditSource,
  /** Where the link leads (the account page, say), and the language of a customer's own request. */
  { returnUrl = null, language: asked }: { returnUrl?: string | null; language?: Language } = {},
): Promise<void> {
  const account = await accountForMail(db, accountId);
  if (!account) throw new AppError("NOT_FOUND");
  await refuseDisabledAccount(db, accountId);
  await enforceLimits(db, config, [["accessLinkPerEmail", account.email_key]], "sign-in links were sent to this address");
  const brand = brandForProduct(productId);
  await writeTogether(db, async (tx) => {
    const token = await issueLinkToken(tx, config, accountId, brand, returnUrl);
    await recordAuditEvent(tx, { event: "access_link_requested", accountId, brand: brand.id }, source);
    // Support's: no browser of the customer's asked, so the language they last signed in with.
    const language = asked ?? languageForTag(account.language) ?? DEFAULT_LANGUAGE;
    const mail = accessLinkMail(mailLook(brand, config.publicUrl, language), linkPage(config, brand, token), config.accessLinkLifetimeDays);
    await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), account.email, mail);
  });
}
