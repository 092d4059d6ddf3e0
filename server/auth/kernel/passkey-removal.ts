import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Brand } from "../../../common/brands/index.ts";
import { networkOf } from "../../../common/network.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteProviderSessionsOfBrowsers } from "../../db/oidc-payloads.ts";
import type { Database } from "../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { mailLook, passkeyAddedMail } from "../../mail/templates.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { existingAccountEmail } from "./accounts.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";
import type { Caller } from "./caller.ts";
import { issueToken, PURPOSES, peekToken, spendToken } from "./one-time-tokens.ts";
import { enforceLimits } from "./rate-limit.ts";
import { endBrowserSessions, sessionsSignedInWith } from "./session-store.ts";

/**
 * Taking a passkey back (docs/decisions/0065): a passkey outlives a password reset, so one added
 * with a stolen session must be easy for the owner to remove. The owner is mailed as each one is
 * added, with a link that removes it and signs out the browser that added it; a reset, a sign-out
 * everywhere and support's sign-out offer to remove passkeys too.
 */

/** How long the "A passkey was added" mail's removal link works. */
const REMOVAL_LINK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** "A passkey was added to your account", with the link that removes it; inside the registration's transaction. */
export async function mailPasskeyAdded(
  tx: Kysely<Database>,
  config: Config,
  caller: Caller,
  { accountId, passkeyId, brand, now, provider }: { accountId: string; passkeyId: string; brand: Brand; now: number; provider?: string },
): Promise<void> {
  const token = await issueToken(tx, PURPOSES.passkeyRemoval, {
    accountId,
    productId: brand.productId,
    returnUrl: null,
    lifetimeMs: REMOVAL_LINK_LIFETIME_MS,
  });
  await tx
    .updateTable("passkeys")
    .set({ removal_token_hash: hashSecret(token) })
    .where("id", "=", passkeyId)
    .execute();
  const account = await existingAccountEmail(tx, accountId);
  const mail = passkeyAddedMail(
    mailLook(brand, config.publicUrl, caller.language),
    { browser: caller.device, network: networkOf(caller.address), at: now },
    `${config.publicUrl}${brand.paths.passkeyRemoval}?token=${encodeURIComponent(token)}`,
    provider,
  );
  await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), account.email, mail);
}

/** What the removal link's page shows before anything is removed: which passkey, added from where, when. */
export interface PasskeyRemovalView {
  name: string;
  addedFrom: string | null;
  addedAt: number;
}

/** The passkey a removal link names, spending nothing (mail scanners open links). */
export async function checkPasskeyRemoval(db: Db, config: Config, caller: Caller, token: string): Promise<PasskeyRemovalView> {
  await enforceLimits(db, config, [["passkeyRemovalLinkPerIp", caller.address]], "attempts");
  const { accountId } = await peekToken(db, PURPOSES.passkeyRemoval, token);
  const passkey = await db
    .selectFrom("passkeys")
    .select(["name", "added_from", "created_at"])
    .where("account_id", "=", accountId)
    .where("removal_token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  // Removed meanwhile (on the account page, by a reset): nothing left for the link to do.
  if (!passkey) throw new AppError("PASSKEY_REMOVAL_LINK_USED");
  return { name: passkey.name, addedFrom: passkey.added_from, addedAt: Number(passkey.created_at) };
}

/** Which browsers a passkey's removal signs out besides those it signed in: the one that added it; and which it keeps. */
export interface SessionsToEnd {
  /** Sessions to end as well (the one that added the passkey). */
  also?: readonly string[];
  /** The session removing it (the account page, a sign-out everywhere else): it stays signed in. */
  keep?: string | undefined;
}

/**
 * The browsers signed in with these passkeys, and those named in `also`, signed out with their
 * provider sessions, in the caller's transaction: a removed passkey leaves no sign-in it made
 * behind, but the browser removing it stays.
 */
export async function endSessionsSignedInWith(
  tx: Kysely<Database>,
  accountId: string,
  passkeyIds: readonly string[],
  source: AuditSource,
  { also = [], keep }: SessionsToEnd = {},
): Promise<void> {
  const signedIn = passkeyIds.length === 0 ? [] : await sessionsSignedInWith(tx, accountId, passkeyIds);
  const hashes = [...new Set([...signedIn.map((row) => row.id_hash), ...also])].filter((hash) => hash !== keep);
  if (hashes.length === 0) return;
  await endBrowserSessions(tx, accountId, hashes, "signed in with, or added, a removed passkey", source);
  await deleteProviderSessionsOfBrowsers(tx, accountId, hashes);
}

/**
 * The removal link's button: spends the link, removes the passkey, and signs out the browser that
 * added it and every browser signed in with it, in one transaction.
 */
export async function removePasskeyByLink(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await enforceLimits(db, config, [["passkeyRemovalLinkPerIp", caller.address]], "attempts");
  await db.transaction().execute(async (tx) => {
    const { accountId } = await spendToken(tx, PURPOSES.passkeyRemoval, token);
    const removed = await tx
      .deleteFrom("passkeys")
      .where("account_id", "=", accountId)
      .where("removal_token_hash", "=", hashSecret(token))
      .returning(["id", "name", "added_by_session"])
      .executeTakeFirst();
    if (!removed) throw new AppError("PASSKEY_REMOVAL_LINK_USED");
    await recordAuditEvent(
      tx,
      { event: "passkey_removed", accountId, method: "passkey", reason: `${removed.name}, by the emailed link` },
      { caller },
    );
    await endSessionsSignedInWith(
      tx,
      accountId,
      [removed.id],
      { caller },
      { also: removed.added_by_session ? [removed.added_by_session] : [] },
    );
  });
}

/**
 * Removes some of the account's passkeys (a sign-out everywhere's or a reset's choice), in the
 * caller's transaction, with the browsers they signed in; `keep`, the session doing it, stays.
 */
export async function removePasskeysOf(
  tx: Kysely<Database>,
  accountId: string,
  ids: readonly string[],
  source: AuditSource,
  keep?: string,
): Promise<void> {
  if (ids.length === 0) return;
  const removed = await tx
    .deleteFrom("passkeys")
    .where("account_id", "=", accountId)
    .where("id", "in", [...ids])
    .returning(["id", "name"])
    .execute();
  for (const { name } of removed)
    await recordAuditEvent(tx, { event: "passkey_removed", accountId, method: "passkey", reason: name }, source);
  await endSessionsSignedInWith(
    tx,
    accountId,
    removed.map((passkey) => passkey.id),
    source,
    { keep },
  );
}

/**
 * Removes the passkeys one browser added ("This wasn't me"): those its sessions added, and those
 * made in it (by its device mark, when known), in the caller's transaction.
 */
export async function removePasskeysAddedIn(
  tx: Kysely<Database>,
  accountId: string,
  { sessionHashes, browserMark }: { sessionHashes: readonly string[]; browserMark: string | null },
  source: AuditSource,
): Promise<void> {
  const added = await tx
    .selectFrom("passkeys")
    .select("id")
    .where("account_id", "=", accountId)
    .where((eb) =>
      eb.or([eb("added_by_session", "in", [...sessionHashes]), ...(browserMark === null ? [] : [eb("browser_mark", "=", browserMark)])]),
    )
    .execute();
  await removePasskeysOf(
    tx,
    accountId,
    added.map((passkey) => passkey.id),
    source,
  );
}

/** The account's passkeys as a recovery offers them for removal: the newest first. */
export async function passkeysToOffer(db: Db, accountId: string): Promise<{ id: string; name: string; createdAt: number }[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: Number(row.created_at) }));
}

/** The ids of an account's passkeys (the passkey user's handle and exclusions). */
export function passkeyIdsOf(db: Db, accountId: string) {
  return db.selectFrom("passkeys").select("id").where("account_id", "=", accountId).execute();
}

/** A passkey of the account made in this browser (by its mark), if any: a passkey offer is due only without one. */
export function passkeyMadeIn(db: Db, accountId: string, mark: string) {
  return db.selectFrom("passkeys").select("id").where("account_id", "=", accountId).where("browser_mark", "=", mark).executeTakeFirst();
}

/**
 * The passkeys an account added since a moment, or in one of the given sessions: what an email
 * change taken back removes (account/email-change/take-back.ts).
 */
export function passkeysAddedSince(tx: Kysely<Database>, accountId: string, since: number, sessions: string[]) {
  return tx
    .selectFrom("passkeys")
    .select("id")
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("created_at", ">=", since), ...(sessions.length > 0 ? [eb("added_by_session", "in", sessions)] : [])]))
    .execute();
}

/**
 * Whether the passkey `passkeyId` was added at least `lookbackMs` before the account's Google hold
 * (decision 91): the condition the statement that ends a hold (sessions.ts) takes, so the passkeys
 * are read here, by their owner.
 */
export function passkeyOlderThanHold(row: ExpressionBuilder<Database, "accounts">, passkeyId: string, lookbackMs: number) {
  return row.exists(
    row
      .selectFrom("passkeys")
      .select("passkeys.id")
      .where("passkeys.id", "=", passkeyId)
      .where("passkeys.created_at", "<", sql<number>`accounts.google_held_at - ${lookbackMs}`),
  );
}
