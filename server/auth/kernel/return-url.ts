import type { Kysely } from "kysely";
import { safeRedirect } from "../../../common/redirects.ts";
import type { Config } from "../../base/config.ts";
import { isPendingAuthorization } from "../../db/oidc-payloads.ts";
import type { Database } from "../../db/schema.ts";

/** Where the provider's authorization continues once the customer has signed in (provider/interactions.ts). */
export const AUTHORIZE_CALLBACK_PATH = "/connect/authorize/callback";

/**
 * The one rule for a ReturnUrl: an address on the allowlist (common/redirects.ts), and, when it is
 * the authorization callback, only while that authorization is pending: a stale or made-up one is
 * dropped, so a sign-in never ends on an error. Answers the address to go to, or undefined.
 */
export async function allowedReturnUrl(
  db: Kysely<Database>,
  config: Config,
  target: string | null | undefined,
): Promise<string | undefined> {
  const allowed = safeRedirect(target, config.publicUrl, config.allowedRedirectOrigins);
  if (allowed === undefined) return undefined;
  const url = new URL(allowed, config.publicUrl);
  if (url.origin !== config.publicUrl || url.pathname.toLowerCase() !== AUTHORIZE_CALLBACK_PATH) return allowed;
  const uid = url.searchParams.get("uid");
  return uid && (await isPendingAuthorization(db, uid)) ? allowed : undefined;
}

/** Where a sign-in or a screen continues: the ReturnUrl when it is allowed, else `fallback`. */
export async function continueTo(
  db: Kysely<Database>,
  config: Config,
  target: string | null | undefined,
  fallback: string,
): Promise<string> {
  return (await allowedReturnUrl(db, config, target)) ?? fallback;
}
