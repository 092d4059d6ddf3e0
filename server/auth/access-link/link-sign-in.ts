import type { Kysely } from "kysely";
import { brandForProduct } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";
import type { Database } from "../../db/schema.ts";
import type { Caller } from "../kernel/caller.ts";
import { continueTo } from "../kernel/return-url.ts";
import { type NewSession, writeSession } from "../kernel/sessions.ts";

/**
 * The session of an access link just spent (by the link, by its code, or approved by another
 * browser, whose device mark it keeps), written in the spend's own transaction, and where to continue: the ReturnUrl kept with the link, checked against the
 * allowlist again (it may have changed since the link was sent), else the brand's address.
 */
export async function sessionForSpentLink(
  tx: Kysely<Database>,
  config: Config,
  caller: Caller,
  method: "link" | "code",
  spent: { accountId: string; productId: number; returnUrl: string | null },
  approvedByBrowser: string | null = null,
): Promise<{ session: NewSession; redirectUrl: string }> {
  const brand = brandForProduct(spent.productId);
  const session = await writeSession(tx, config, caller, spent.accountId, { method, brand: brand.id, approvedByBrowser });
  const redirectUrl = await continueTo(tx, config, spent.returnUrl, config.links[brand.links.ui]);
  return { session, redirectUrl };
}
