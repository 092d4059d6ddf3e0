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

/** Every grant, token, code, provider session and pending interaction of an account. */
export async function deleteAccountProviderObjects(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("oidc_payloads").where("account_id", "=", accountId).execute();
}
