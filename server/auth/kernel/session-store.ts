import { type Insertable, type Kysely, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { addCosts, deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { insertRow, reusableQuery } from "../../db/reusable-query.ts";
import type { Database, SessionsTable } from "../../db/schema.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";

/**
 * The sessions table's rows: the one module that creates and ends sessions (decision 74,
 * test/owners.test.ts). Signing in and out (sessions.ts), the signed-in places list, a removed
 * passkey and every "sign out everywhere" (sign-out.ts) all come here, so a browser's sign-out
 * always writes the trail. Reading a session, and marking it confirmed (recent-sign-in.ts), is
 * anyone's. It imports nothing of the flows, so any of them may use it.
 */

/** Writes a new session in place of the one this browser had before (by its hash), if it had one. */
export async function replaceSession(
  tx: Kysely<Database>,
  previousHash: string | undefined,
  session: Insertable<SessionsTable>,
): Promise<void> {
  if (previousHash) await deleteSession(tx, { idHash: previousHash });
  await insertRow(tx, "sessions", session);
}

/** The session a browser had before it signed in again, compiled once as the insert is (reusable-query.ts). */
const deleteSession = reusableQuery<{ idHash: string }, unknown>(["idHash"], (db, { idHash }) =>
  db.deleteFrom("sessions").where("id_hash", "=", idHash),
);

/** A website logout: ends the session a browser held, recording it in the trail when it was signed in. */
export async function endSessionByHash(db: Db, idHash: string, source: AuditSource): Promise<void> {
  const ended = await db.deleteFrom("sessions").where("id_hash", "=", idHash).returning("account_id").executeTakeFirst();
  if (ended) await recordAuditEvent(db, { event: "signed_out", accountId: ended.account_id }, source);
}

/**
 * Signs out the account's browsers whose sessions are `hashes` (one from the signed-in places list,
 * those a removed passkey signed in), in the caller's transaction, and records it in the trail with
 * `reason` when any was signed in. Answers how many were. Their provider sessions are the caller's
 * to end (db/oidc-payloads.ts), in the same transaction.
 */
export async function endBrowserSessions(
  tx: Kysely<Database>,
  accountId: string,
  hashes: readonly string[],
  reason: string,
  source: AuditSource,
): Promise<number> {
  const ended = await tx
    .deleteFrom("sessions")
    .where("account_id", "=", accountId)
    .where("id_hash", "in", [...hashes])
    .executeTakeFirst();
  const count = Number(ended.numDeletedRows);
  if (count > 0) await recordAuditEvent(tx, { event: "signed_out", accountId, reason }, source);
  return count;
}

/**
 * Ends every session of the account but those in `keepHashes`, in the caller's transaction. The
 * trail's entry is the cause's (a changed password, a sign-out everywhere, a deletion), which the
 * caller records in the same transaction (sign-out.ts).
 */
export async function endAccountSessions(tx: Kysely<Database>, accountId: string, keepHashes: readonly string[] = []): Promise<void> {
  let sessions = tx.deleteFrom("sessions").where("account_id", "=", accountId);
  if (keepHashes.length > 0) sessions = sessions.where("id_hash", "not in", [...keepHashes]);
  await sessions.execute();
}

/** Housekeeping: sessions past their lifetime, or idle past the timeout. */
export async function pruneExpiredSessions(db: Db, idleTimeoutMs: number, now = Date.now()): Promise<SweepCost> {
  return addCosts(
    await deleteInBatches(db, "sessions", "expires_at", sql`expires_at <= ${now}`),
    await deleteInBatches(db, "sessions", "last_seen_at", sql`last_seen_at <= ${now - idleTimeoutMs}`),
  );
}

/** Whether a session (by its hash) is the account's: account deletion clears the cookie of the browser it ran in. */
export async function isSessionOf(db: Kysely<Database>, idHash: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id_hash")
    .where("id_hash", "=", idHash)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's sessions signed in with one of these passkeys (passkey-removal.ts). */
export function sessionsSignedInWith(tx: Kysely<Database>, accountId: string, passkeyIds: readonly string[]) {
  return tx
    .selectFrom("sessions")
    .select("id_hash")
    .where("account_id", "=", accountId)
    .where("passkey_id", "in", [...passkeyIds])
    .execute();
}

/** The account's sessions made in a browser (by its mark), or approved from it on another device. */
export function sessionsOfBrowser(tx: Kysely<Database>, accountId: string, browserMark: string) {
  return tx
    .selectFrom("sessions")
    .select("id_hash")
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("browser_mark", "=", browserMark), eb("approved_by_browser", "=", browserMark)]))
    .execute();
}

/** The account's sessions neither expired nor idle, most recently used first: where it is signed in. */
export function liveSessionsOf(db: Db, accountId: string, idleTimeoutMs: number, now: number) {
  return db
    .selectFrom("sessions")
    .select(["id_hash", "device", "address", "created_at", "last_seen_at"])
    .where("account_id", "=", accountId)
    .where("expires_at", ">", now)
    .where("last_seen_at", ">", now - idleTimeoutMs)
    .orderBy("last_seen_at", "desc")
    .execute();
}

/** The wrong confirmation codes a session has typed over its life. */
export function confirmFailuresOf(db: Db, idHash: string) {
  return db.selectFrom("sessions").select("confirm_failures").where("id_hash", "=", idHash).executeTakeFirst();
}

/** One more wrong confirmation code typed in a session. */
export async function countConfirmFailure(db: Db, idHash: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set((eb) => ({ confirm_failures: eb("confirm_failures", "+", 1) }))
    .where("id_hash", "=", idHash)
    .execute();
}

/** When the account's session signed in, and when it last confirmed who it is (recent-sign-in.ts). */
export function signInMomentsOf(db: Db, idHash: string, accountId: string) {
  return db
    .selectFrom("sessions")
    .select(["created_at", "verified_at"])
    .where("id_hash", "=", idHash)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

/** The account's session has confirmed who it is, now. */
export async function markSessionConfirmed(tx: Kysely<Database>, idHash: string, accountId: string): Promise<void> {
  await tx
    .updateTable("sessions")
    .set({ verified_at: Date.now() })
    .where("id_hash", "=", idHash)
    .where("account_id", "=", accountId)
    .execute();
}
