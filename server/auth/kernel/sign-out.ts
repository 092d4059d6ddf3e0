import type { Kysely } from "kysely";
import type { Db } from "../../db/database.ts";
import { deleteAccountProviderObjects, deleteProviderObjectsOfBrowser } from "../../db/oidc-payloads.ts";
import type { Database } from "../../db/schema.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { requireAccount } from "./accounts.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";
import { removePasskeysAddedIn, removePasskeysOf } from "./passkey-removal.ts";
import { endPendingChanges } from "./pending-email-change.ts";
import { endAccountSessions, endBrowserSessions, sessionsOfBrowser } from "./session-store.ts";

/**
 * What each kind of sign-out ends, in one place (docs/security.md, "What each sign-out ends"; decision 52):
 *
 * - a website logout ends that browser's session and its provider session (sessions.ts);
 * - a password reset or change, an account's removal, and "sign out everywhere" end every way the
 *   account is signed in: every browser session (bar, for a reset or change, the browser doing
 *   it), and every grant the OpenID Provider holds for it, with each access token, refresh token,
 *   authorization code and provider session issued under them. A desktop agent's refresh token stops refreshing and
 *   its access token stops answering at once, not when it expires;
 * - "This wasn't me" ends every sign-in of the browser the mail told of: each of its sessions, each
 *   it approved on another device, and every app signed in through them, a desktop agent included
 *   (endSignInsOfBrowser);
 * - every one of them queues a logout token for each app it signed out that takes them
 *   (db/oidc-payloads.ts, decision 66), so a web app's own session ends too.
 *
 * Takes the caller's transaction: what ends the sign-ins commits with what caused it.
 */
export async function endEverySignIn(
  tx: Kysely<Database>,
  accountId: string,
  { keepSessionId, keepSessionHashes = [] }: { keepSessionId?: string; keepSessionHashes?: readonly string[] } = {},
): Promise<void> {
  await endAccountSessions(tx, accountId, [...keepSessionHashes, ...(keepSessionId ? [hashSecret(keepSessionId)] : [])]);
  // Grants, tokens, codes, provider sessions and pending interactions all name their account.
  await deleteAccountProviderObjects(tx, accountId);
}

/**
 * The operator's or the customer's "sign out everywhere": every browser and every app, at once,
 * the passkeys named with it (a passkey outlives every sign-out otherwise, decision 65), and a
 * pending email change (decision 78).
 */
export async function signOutEverywhere(
  db: Db,
  accountId: string,
  source: AuditSource,
  removePasskeys: readonly string[] = [],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await endEverySignIn(tx, accountId);
    await removePasskeysOf(tx, accountId, removePasskeys, source);
    // A pending email change may be the taker's: its confirmation link ends with the sign-ins.
    await endPendingChanges(tx, accountId, "cancelled");
    await recordAuditEvent(tx, { event: "signed_out_everywhere", accountId }, source);
  });
}

/**
 * "This wasn't me" (decision 67): every sign-in one browser made on the account, not only the one
 * the mail told of. Each of its sessions (a second sign-in there sends no mail) and each it
 * approved on another device, every app signed in through them, a desktop agent's refresh token included (its own logout leaves that, decision
 * 52), and the passkeys added in it. The account's other browsers and apps stay signed in. In the
 * caller's transaction.
 */
export async function endSignInsOfBrowser(
  tx: Kysely<Database>,
  accountId: string,
  { sessionHash, browserMark }: { sessionHash: string; browserMark: string | null },
  source: AuditSource,
): Promise<void> {
  const sameBrowser = browserMark === null ? [] : await sessionsOfBrowser(tx, accountId, browserMark);
  const sessionHashes = [...new Set([sessionHash, ...sameBrowser.map((row) => row.id_hash)])];
  await removePasskeysAddedIn(tx, accountId, { sessionHashes, browserMark }, source);
  await endBrowserSessions(tx, accountId, sessionHashes, "reported by the owner as not theirs", source);
  await deleteProviderObjectsOfBrowser(tx, accountId, { mark: browserMark, appSessionHashes: sessionHashes });
}

/** Signs the account out of every browser and every app (the operator's "sign out everywhere"). */
export async function signAccountOutEverywhere(db: Db, email: string, source: AuditSource): Promise<void> {
  const account = await requireAccount(db, email);
  await signOutEverywhere(db, account.id, source);
}
