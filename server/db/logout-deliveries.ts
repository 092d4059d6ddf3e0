import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * An app to tell that a sign-in ended (OpenID Connect Back-Channel Logout): the client, the
 * account (the logout token's sub) and, when the ended sign-in had one, the provider session's
 * sid for that app.
 */
export interface AppToTell {
  clientId: string;
  accountId: string;
  sid: string | null;
}

/**
 * Queues one logout token for each app among `apps` that takes them (a registered
 * back-channel logout address), in the caller's transaction: the apps are told exactly when what
 * ended the sign-in commits, and never when it rolls back. The worker (oidc/logout-delivery.ts)
 * delivers them off the request path. An app named both with and without a sid is told once per
 * sid: the tokens with a sid end its sessions of those provider sessions.
 */
export async function enqueueLogoutTokens(tx: Kysely<Database>, apps: readonly AppToTell[], now = Date.now()): Promise<string[]> {
  if (apps.length === 0) return [];
  const clientIds = [...new Set(apps.map((app) => app.clientId))];
  const listening = await tx
    .selectFrom("oidc_clients")
    .select("id")
    .where("id", "in", clientIds)
    .where("backchannel_logout_uri", "is not", null)
    .execute();
  const told = new Set(listening.map((row) => row.id));
  const withSid = new Set(apps.filter((app) => app.sid !== null).map((app) => `${app.accountId} ${app.clientId}`));
  const unique = new Map<string, AppToTell>();
  for (const app of apps) {
    if (!told.has(app.clientId)) continue;
    if (app.sid === null && withSid.has(`${app.accountId} ${app.clientId}`)) continue;
    unique.set(`${app.accountId} ${app.clientId} ${app.sid ?? ""}`, app);
  }
  if (unique.size === 0) return [];
  await tx
    .insertInto("logout_deliveries")
    .values(
      [...unique.values()].map((app) => ({
        id: randomUUID(),
        client_id: app.clientId,
        account_id: app.accountId,
        sid: app.sid,
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .execute();
  return [...new Set([...unique.values()].map((app) => app.clientId))];
}
