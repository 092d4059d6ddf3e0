import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { type AppToTell, enqueueLogoutTokens } from "./logout-deliveries.ts";
import type { Database } from "./schema.ts";

/**
 * The OpenID Provider's table (`oidc_payloads`), as far as anything but its adapter needs it: the
 * adapter (provider/adapter.ts) stores the provider's objects; the sign-in flows ask whether an
 * authorization is pending, which apps an account is signed in to, and end a browser's or an
 * account's provider sessions. These two modules alone touch the table (test/owners.test.ts;
 * decision 74). Both find rows the same way, by the SHA-256 of the object's id: the id itself (a
 * token, a code, a session cookie) is never stored, so a copy of the table signs nobody in.
 */
export function storedOidcId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The provider's interaction for this authorization while it waits (not yet expired). */
function pendingInteraction(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom("oidc_payloads")
    .select("payload")
    .where("model", "=", "Interaction")
    .where("id", "=", storedOidcId(uid))
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
}

/** Whether the provider is waiting on this authorization (its interaction, not yet expired). */
export async function isPendingAuthorization(db: Kysely<Database>, uid: string): Promise<boolean> {
  return (await pendingInteraction(db, uid)) !== undefined;
}

/** The app a pending authorization is for (the client_id it was asked with); undefined when none is pending. */
export async function pendingAuthorizationClient(db: Kysely<Database>, uid: string): Promise<string | undefined> {
  const row = await pendingInteraction(db, uid);
  const clientId = row && (JSON.parse(row.payload) as { params?: { client_id?: unknown } }).params?.client_id;
  return typeof clientId === "string" ? clientId : undefined;
}

/** An app's grant on an account, with its registered client's brand and type: what the signed-in places list shows. */
export interface AccountGrant {
  clientId: string;
  /** When the grant was made (its `iat`), in milliseconds. */
  grantedAt: number;
  brand: string | null;
  type: string | null;
}

/** The account's grants not yet expired: the apps it is signed in to. */
export async function accountGrants(db: Kysely<Database>, accountId: string, now = Date.now()): Promise<AccountGrant[]> {
  const rows = await db
    .selectFrom("oidc_payloads")
    .leftJoin("oidc_clients", "oidc_clients.id", "oidc_payloads.client_id")
    .select(["oidc_payloads.client_id", "oidc_payloads.payload", "oidc_clients.brand", "oidc_clients.type"])
    .where("oidc_payloads.account_id", "=", accountId)
    .where("oidc_payloads.model", "=", "Grant")
    .where((eb) => eb.or([eb("oidc_payloads.expires_at", "is", null), eb("oidc_payloads.expires_at", ">", now)]))
    .execute();
  return rows.flatMap((row) =>
    row.client_id
      ? [
          {
            clientId: row.client_id,
            grantedAt: ((JSON.parse(row.payload) as { iat?: number }).iat ?? 0) * 1000,
            brand: row.brand ?? null,
            type: row.type ?? null,
          },
        ]
      : [],
  );
}

/**
 * The apps a stored provider session signed in, each with its sid: oidc-provider keeps them in
 * the session's `authorizations`, by client id.
 */
function appsOfProviderSession(row: { account_id: string | null; payload: string }): AppToTell[] {
  const payload = JSON.parse(row.payload) as { accountId?: unknown; authorizations?: Record<string, { sid?: unknown }> };
  const accountId = row.account_id ?? (typeof payload.accountId === "string" ? payload.accountId : undefined);
  if (!accountId) return [];
  return Object.entries(payload.authorizations ?? {}).map(([clientId, authorization]) => ({
    clientId,
    accountId,
    sid: typeof authorization?.sid === "string" ? authorization.sid : null,
  }));
}

/**
 * Ends the provider session a browser's cookie names (a website logout), and queues a logout
 * token for each app it signed in, in one transaction.
 */
export async function deleteProviderSession(db: Kysely<Database>, providerSessionId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const ended = await tx
      .deleteFrom("oidc_payloads")
      .where("model", "=", "Session")
      .where("id", "=", storedOidcId(providerSessionId))
      .returning(["account_id", "payload"])
      .execute();
    await enqueueLogoutTokens(tx, ended.flatMap(appsOfProviderSession));
  });
}

/**
 * The field of a provider session's stored payload that names the account server session of its
 * browser (`sessions.id_hash`, a hash that signs nobody in), written by the adapter each time the
 * browser's request saves it: what ties a browser on the signed-in places list to its provider
 * session, whose cookie only that browser holds.
 */
export const APP_SESSION_KEY = "appSession";

/**
 * The field beside it naming the browser's device mark (`d.` and the device cookie's hash), stored
 * on grants too: what ties an app signed in through a browser to that browser after its session
 * and provider session have gone (a logout leaves a desktop agent's grant, decision 52).
 */
export const APP_BROWSER_KEY = "appBrowser";

/** What a browser's request stores beside each provider session and grant it saves (provider/adapter.ts). */
export interface BrowserOfRequest {
  [APP_SESSION_KEY]?: string | undefined;
  [APP_BROWSER_KEY]?: string | undefined;
}

/**
 * Ends the account's provider sessions of the browsers whose account server sessions are
 * `appSessionHashes` (browsers signed out from the list, or by a passkey's removal), and with them
 * the web apps' tokens bound to them, as those browsers' own logouts would. One read of the
 * account's provider sessions, however many browsers.
 */
export async function deleteProviderSessionsOfBrowsers(
  db: Kysely<Database>,
  accountId: string,
  appSessionHashes: readonly string[],
): Promise<void> {
  const browsers = new Set(appSessionHashes);
  const sessions = await db
    .selectFrom("oidc_payloads")
    .select(["id", "account_id", "payload"])
    .where("model", "=", "Session")
    .where("account_id", "=", accountId)
    .execute();
  const ended = sessions.filter((row) => browsers.has((JSON.parse(row.payload) as Record<string, unknown>)[APP_SESSION_KEY] as string));
  if (ended.length === 0) return;
  await enqueueLogoutTokens(db, ended.flatMap(appsOfProviderSession));
  await db
    .deleteFrom("oidc_payloads")
    .where("model", "=", "Session")
    .where(
      "id",
      "in",
      ended.map((row) => row.id),
    )
    .execute();
}

/**
 * The apps an account's stored objects signed in, before they are deleted: each provider session's
 * apps with their sids, and each app holding a grant that no provider session names (a desktop
 * agent, or a web app whose provider session has gone) without one.
 */
async function appsSignedIn(tx: Kysely<Database>, accountId: string, clientId?: string): Promise<AppToTell[]> {
  const rows = await tx
    .selectFrom("oidc_payloads")
    .select(["model", "account_id", "client_id", "payload"])
    .where("account_id", "=", accountId)
    .where("model", "in", ["Session", "Grant"])
    .execute();
  const apps = rows.filter((row) => row.model === "Session").flatMap(appsOfProviderSession);
  for (const row of rows) if (row.model === "Grant" && row.client_id) apps.push({ clientId: row.client_id, accountId, sid: null });
  return clientId === undefined ? apps : apps.filter((app) => app.clientId === clientId);
}

/** A browser as "This wasn't me" ends it: its device mark, when known, and its account server sessions' hashes. */
interface BrowserToEnd {
  mark: string | null;
  appSessionHashes: readonly string[];
}

/**
 * Everything the provider holds that one browser started for the account: its provider sessions,
 * and each grant made in it with every token and code issued under it, a desktop agent's included.
 * Found by the browser stored beside each provider session and grant (APP_BROWSER_KEY,
 * APP_SESSION_KEY), and by the grants its provider sessions name. A logout token is queued for
 * each app, with the sid of the ended sign-in where it had one.
 */
export async function deleteProviderObjectsOfBrowser(tx: Kysely<Database>, accountId: string, browser: BrowserToEnd): Promise<void> {
  const sessions = new Set(browser.appSessionHashes);
  const madeThere = (payload: Record<string, unknown>) =>
    (browser.mark !== null && payload[APP_BROWSER_KEY] === browser.mark) || sessions.has(payload[APP_SESSION_KEY] as string);
  const rows = await tx
    .selectFrom("oidc_payloads")
    .select(["model", "id", "payload"])
    .where("account_id", "=", accountId)
    .where("model", "in", ["Session", "Grant"])
    .execute();
  const ended = rows.filter((row) => madeThere(JSON.parse(row.payload) as Record<string, unknown>));
  // A grant's row is stored under the hash of its id; its tokens and codes name it by the id.
  const grantRows = new Set(ended.filter((row) => row.model === "Grant").map((row) => row.id));
  for (const row of ended.filter((row) => row.model === "Session")) {
    const { authorizations } = JSON.parse(row.payload) as { authorizations?: Record<string, { grantId?: unknown }> };
    for (const { grantId } of Object.values(authorizations ?? {})) if (typeof grantId === "string") grantRows.add(storedOidcId(grantId));
  }
  const grantIds = (
    await tx
      .selectFrom("oidc_payloads")
      .select("grant_id")
      .distinct()
      .where("account_id", "=", accountId)
      .where("grant_id", "is not", null)
      .execute()
  ).flatMap((row) => (row.grant_id !== null && grantRows.has(storedOidcId(row.grant_id)) ? [row.grant_id] : []));
  const rowIds = [...grantRows, ...ended.map((row) => row.id)];
  if (rowIds.length === 0) return;
  const deleted = await tx
    .deleteFrom("oidc_payloads")
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.or([
        eb.and([eb("model", "in", ["Session", "Grant"]), eb("id", "in", rowIds)]),
        ...(grantIds.length > 0 ? [eb("grant_id", "in", grantIds)] : []),
      ]),
    )
    .returning(["model", "account_id", "client_id", "payload"])
    .execute();
  await enqueueLogoutTokens(tx, deleted.flatMap(appsOfEndedObject));
}

/** The app a deleted provider object had signed in: a provider session's apps; a token's app with its sid; a grant's app. */
function appsOfEndedObject(row: { model: string; account_id: string | null; client_id: string | null; payload: string }): AppToTell[] {
  if (row.model === "Session") return appsOfProviderSession(row);
  if (!row.client_id || !row.account_id) return [];
  const { sid } = JSON.parse(row.payload) as { sid?: unknown };
  return [{ clientId: row.client_id, accountId: row.account_id, sid: typeof sid === "string" ? sid : null }];
}

/**
 * Every grant, token, code, provider session and pending interaction of an account, with a logout
 * token queued for each app they signed in. Answers those apps' client ids.
 */
export async function deleteAccountProviderObjects(tx: Kysely<Database>, accountId: string): Promise<string[]> {
  const told = await enqueueLogoutTokens(tx, await appsSignedIn(tx, accountId));
  await tx.deleteFrom("oidc_payloads").where("account_id", "=", accountId).execute();
  return told;
}

/**
 * One app's grant and every token and code issued under it, with a logout token queued for it.
 * Answers whether there was anything to end.
 */
export async function deleteAppProviderObjects(tx: Kysely<Database>, accountId: string, clientId: string): Promise<boolean> {
  const apps = await appsSignedIn(tx, accountId, clientId);
  const ended = await tx
    .deleteFrom("oidc_payloads")
    .where("account_id", "=", accountId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  if (Number(ended.numDeletedRows) === 0) return false;
  await enqueueLogoutTokens(tx, apps);
  return true;
}
