import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The OpenID Provider's table (`oidc_payloads`), as far as anything but its adapter needs it: the
 * adapter (oidc/adapter.ts) stores the provider's objects; the sign-in flows ask whether an
 * authorization is pending and end a browser's or an account's provider sessions. Both find rows
 * the same way, by the SHA-256 of the object's id: the id itself (a token, a code, a session
 * cookie) is never stored, so a copy of the table signs nobody in.
 */
export function storedOidcId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Whether the provider is waiting on this authorization (its interaction, not yet expired). */
export async function isPendingAuthorization(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom("oidc_payloads")
    .select("id")
    .where("model", "=", "Interaction")
    .where("id", "=", storedOidcId(uid))
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the provider session a browser's cookie names (a website logout). */
export async function deleteProviderSession(db: Kysely<Database>, providerSessionId: string): Promise<void> {
  await db.deleteFrom("oidc_payloads").where("model", "=", "Session").where("id", "=", storedOidcId(providerSessionId)).execute();
}

/**
 * The field of a provider session's stored payload that names the account server session of its
 * browser (`sessions.id_hash`, a hash that signs nobody in), written by the adapter each time the
 * browser's request saves it: what ties a browser on the signed-in places list to its provider
 * session, whose cookie only that browser holds.
 */
export const APP_SESSION_KEY = "appSession";

/**
 * Ends the account's provider sessions of the browser whose account server session is
 * `appSessionHash` (one browser signed out from the list), and with them the web apps' tokens
 * bound to them, as that browser's own logout would.
 */
export async function deleteProviderSessionsOfBrowser(db: Kysely<Database>, accountId: string, appSessionHash: string): Promise<void> {
  const sessions = await db
    .selectFrom("oidc_payloads")
    .select(["id", "payload"])
    .where("model", "=", "Session")
    .where("account_id", "=", accountId)
    .execute();
  const ids = sessions
    .filter((row) => (JSON.parse(row.payload) as Record<string, unknown>)[APP_SESSION_KEY] === appSessionHash)
    .map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom("oidc_payloads").where("model", "=", "Session").where("id", "in", ids).execute();
}

/** Every grant, token, code, provider session and pending interaction of an account. */
export async function deleteAccountProviderObjects(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("oidc_payloads").where("account_id", "=", accountId).execute();
}
