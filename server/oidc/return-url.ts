import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { storedOidcId } from "./adapter.ts";
import { AUTHORIZE_CALLBACK_PATH } from "./provider.ts";

/**
 * The authorization callback is a ReturnUrl only while its authorization is pending: a stale or
 * made-up one is dropped (the caller's landing page applies), so a sign-in never ends on an error.
 * Any other (already allowlisted) address passes unchanged.
 */
export async function pendingAuthorizationOnly(db: Db, config: Config, allowed: string | undefined): Promise<string | undefined> {
  if (allowed === undefined) return undefined;
  const url = new URL(allowed, config.publicUrl);
  if (url.origin !== config.publicUrl || url.pathname.toLowerCase() !== AUTHORIZE_CALLBACK_PATH) return allowed;
  const uid = url.searchParams.get("uid");
  if (!uid) return undefined;
  const pending = await db
    .selectFrom("oidc_payloads")
    .select("id")
    .where("model", "=", "Interaction")
    .where("id", "=", storedOidcId(uid))
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  return pending ? allowed : undefined;
}
