import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import { listeningClients } from "./oidc-clients.ts";
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
 * How many logout tokens may wait at once for one app and for one account (decision 79): an app
 * that stops answering, or an account with many sign-ins ended again and again, holds a bounded
 * share of the queue. LOGOUT_TOKENS_WAITING_PER_APP and _PER_ACCOUNT set them at start.
 */
export interface LogoutQueueCaps {
  waitingPerApp: number;
  waitingPerAccount: number;
}

/** The settings' defaults, until the server or the CLI sets them from the configuration. */
let caps: LogoutQueueCaps = { waitingPerApp: 1000, waitingPerAccount: 100 };

/**
 * Sets the caps every sign-out queues under. They are read where the tokens are queued, in the
 * sign-out functions of db/oidc-payloads.ts, which every way of signing out calls without the
 * configuration: set once at start, like the process's other settings.
 */
export function capLogoutQueue(next: LogoutQueueCaps): void {
  caps = next;
}

/** A delivery neither made nor given up. */
const waiting = (eb: ExpressionBuilder<Database, "logout_deliveries">) =>
  eb.and([eb("delivered_at", "is", null), eb("failed_at", "is", null)]);

const keyOf = (app: { clientId: string; accountId: string; sid: string | null }) => `${app.accountId} ${app.clientId} ${app.sid ?? ""}`;

/**
 * Queues one logout token for each app among `apps` that takes them (a registered
 * back-channel logout address), in the caller's transaction: the apps are told exactly when what
 * ended the sign-in commits, and never when it rolls back. The worker (provider/logout-delivery.ts)
 * delivers them off the request path. An app named both with and without a sid is told once per
 * sid: the tokens with a sid end its sessions of those provider sessions.
 *
 * A token already waiting for the same app, account and sid, and not being sent at this moment,
 * is not queued again: the one waiting ends the same sessions. Past a cap (LogoutQueueCaps) a
 * token is not queued: it is written down as given up at once, with the reason and the app but
 * not the account, so the operations page shows which app's queue was full.
 */
export async function enqueueLogoutTokens(tx: Kysely<Database>, apps: readonly AppToTell[], now = Date.now()): Promise<string[]> {
  if (apps.length === 0) return [];
  const clientIds = [...new Set(apps.map((app) => app.clientId))];
  const listening = await listeningClients(tx, clientIds);
  const told = new Set(listening.map((row) => row.id));
  const withSid = new Set(apps.filter((app) => app.sid !== null).map((app) => `${app.accountId} ${app.clientId}`));
  const unique = new Map<string, AppToTell>();
  for (const app of apps) {
    if (!told.has(app.clientId)) continue;
    if (app.sid === null && withSid.has(`${app.accountId} ${app.clientId}`)) continue;
    unique.set(keyOf(app), app);
  }
  if (unique.size === 0) return [];
  const tokens = [...unique.values()];
  const queue = await queueRoom(tx, tokens, now);
  const queued: AppToTell[] = [];
  const refused: { clientId: string; reason: string }[] = [];
  for (const app of tokens) {
    if (queue.alreadyWaiting.has(keyOf(app))) continue;
    const reason = queue.take(app);
    if (reason) refused.push({ clientId: app.clientId, reason });
    else queued.push(app);
  }
  const rows = [
    ...queued.map((app) => ({
      id: randomUUID(),
      client_id: app.clientId,
      account_id: app.accountId,
      sid: app.sid,
      created_at: now,
      next_attempt_at: now,
    })),
    ...refused.map(({ clientId, reason }) => ({
      id: randomUUID(),
      client_id: clientId,
      account_id: "",
      sid: null,
      created_at: now,
      next_attempt_at: now,
      failed_at: now,
      last_error: reason,
    })),
  ];
  if (rows.length > 0) await tx.insertInto("logout_deliveries").values(rows).execute();
  return [...new Set(tokens.map((app) => app.clientId))];
}

/**
 * What the queue holds for these tokens' apps and accounts: the tokens already waiting and not
 * in flight, and a `take` that answers why a token cannot be queued (a cap reached), or counts it.
 */
async function queueRoom(tx: Kysely<Database>, tokens: readonly AppToTell[], now: number) {
  const clientIds = [...new Set(tokens.map((app) => app.clientId))];
  const accountIds = [...new Set(tokens.map((app) => app.accountId))];
  const notInFlight = (eb: ExpressionBuilder<Database, "logout_deliveries">) =>
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]);
  const same = await tx
    .selectFrom("logout_deliveries")
    .select(["client_id", "account_id", "sid"])
    .where(waiting)
    .where(notInFlight)
    .where("client_id", "in", clientIds)
    .where("account_id", "in", accountIds)
    .execute();
  const appCounts = await waitingBy(tx, "client_id", clientIds);
  const accountCounts = await waitingBy(tx, "account_id", accountIds);
  return {
    alreadyWaiting: new Set(same.map((row) => keyOf({ clientId: row.client_id, accountId: row.account_id, sid: row.sid }))),
    take(app: AppToTell): string | undefined {
      const forApp = appCounts.get(app.clientId) ?? 0;
      const forAccount = accountCounts.get(app.accountId) ?? 0;
      if (forApp >= caps.waitingPerApp) return `not queued: ${caps.waitingPerApp} logout tokens were already waiting for this app`;
      if (forAccount >= caps.waitingPerAccount)
        return `not queued: ${caps.waitingPerAccount} logout tokens were already waiting for one account`;
      appCounts.set(app.clientId, forApp + 1);
      accountCounts.set(app.accountId, forAccount + 1);
      return undefined;
    },
  };
}

/** How many tokens wait for each of `ids`, by app or by account. */
async function waitingBy(tx: Kysely<Database>, column: "client_id" | "account_id", ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom("logout_deliveries")
    .select([column, (eb) => eb.fn.countAll<string>().as("count")])
    .where(waiting)
    .where(column, "in", ids)
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [row[column], Number(row.count)]));
}

/** Logout tokens waiting for their app (neither delivered nor given up): a gauge of the metrics. */
export async function countWaitingLogoutTokens(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("logout_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("delivered_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The logout tokens made since a moment or still waiting, newest first, at most `limit`: the operations report. */
export function logoutDeliveriesSince(db: Kysely<Database>, since: number, limit: number) {
  return db
    .selectFrom("logout_deliveries")
    .select(["client_id", "attempts", "delivered_at", "failed_at", "last_error"])
    .where((eb) => eb.or([eb("created_at", ">=", since), eb.and([eb("delivered_at", "is", null), eb("failed_at", "is", null)])]))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}
