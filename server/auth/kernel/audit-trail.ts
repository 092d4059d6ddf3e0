import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { addressForLimits } from "../../base/client-address.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { insertRow } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import type { Caller } from "./caller.ts";

/**
 * The account's security trail: an append-only record of what happened to it, written in the same
 * transaction as what it records, so a trail never tells of something that did not commit or
 * misses something that did. It holds no secret, no token and no full user agent; addresses are
 * kept as IPv4 or as the IPv6 /64. Kept for AUDIT_RETENTION (pruneAuditTrail); deleting the
 * account deletes its entries, bar the entry that records the deletion.
 */
const AUDIT_EVENTS = [
  "signed_in",
  "sign_in_refused",
  "access_link_requested",
  "password_reset_requested",
  "password_set",
  "password_changed",
  "password_change_refused",
  "google_linked",
  "google_unlinked",
  "microsoft_linked",
  "microsoft_unlinked",
  "signed_out",
  "signed_out_everywhere",
  "app_signed_out",
  "app_told_signed_out",
  "app_not_told_signed_out",
  "new_browser",
  "license_changed",
  "device_linked",
  "name_changed",
  "account_created",
  "data_exported",
  "account_deletion_requested",
  "account_deleted",
  "passkey_registered",
  "passkey_renamed",
  "passkey_removed",
  "passkey_refused",
  "identity_confirmed",
  "sign_in_reported",
  "email_change_requested",
  "email_changed",
  "email_change_cancelled",
  "email_change_undone",
  "email_change_undo_disputed",
  "support_searched",
  "support_viewed",
  "rate_limits_cleared",
  "account_disabled",
  "account_enabled",
  "role_changed",
  /** Mail goes to the account's address again: its bounce or complaint cleared (the reason says which, and the source who). */
  "mail_cleared",
  /**
   * What Google told us of the linked Google account (Cross-Account Protection, decision 91), with
   * Google as the source: its sessions ended, its grant to us was revoked, it was hijacked (Google
   * sign-in is held), disabled for another reason (the reason says which), enabled again, or it
   * must change its credentials.
   */
  "google_sessions_revoked",
  "google_tokens_revoked",
  "google_account_hijacked",
  "google_account_disabled",
  "google_account_enabled",
  "google_credential_change_required",
  /** Google sign-in works again after a hold: support cleared it. */
  "google_hold_cleared",
] as const;
export type AuditEventName = (typeof AUDIT_EVENTS)[number];

export type SignInMethodName = "link" | "code" | "password" | "google" | "microsoft" | "passkey";

export interface AuditEntry {
  event: AuditEventName;
  /** Null only for the entry recording that an account was deleted. */
  accountId: string | null;
  method?: SignInMethodName;
  brand?: string;
  clientId?: string;
  reason?: string;
}

/**
 * Who did it: the customer's browser (its address and its short description), or an operator
 * (the CLI as "cli:<user>", the support console as "support:<agent's account id>") named, with
 * the reason they gave; or a provider telling us of its own account (Google's security events,
 * actor "google"); or nobody named, for the record that a customer deleted their own
 * account, which must not say who they were nor where from.
 */
export type AuditSource = { caller: Caller } | { operator: string; reason?: string } | { anonymous: true } | { provider: "google" };

/** The actor of an entry a provider's own message caused (decision 91): neither the customer nor support. */
export const PROVIDER_ACTOR = { google: "google" } as const;

const REASON_MAX = 200;

let sequence = 0;

/**
 * An id that sorts in the order entries were written: the time, then a counter, then randomness
 * (several entries of one transaction share a millisecond, and the trail reads in order).
 */
function orderedId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toString(36).padStart(9, "0")}-${sequence.toString(36).padStart(4, "0")}-${randomUUID().slice(0, 8)}`;
}

/** What the entry says of why: an operator's own words (support gives them for every action) first. */
function reasonOf(entry: AuditEntry, source: AuditSource): string | undefined {
  const given = "operator" in source ? source.reason : undefined;
  if (given && entry.reason) return `${given} (${entry.reason})`;
  return given ?? entry.reason;
}

export async function recordAuditEvent(db: Kysely<Database>, entry: AuditEntry, source: AuditSource, now = Date.now()): Promise<void> {
  const fromCaller = "caller" in source ? source.caller : undefined;
  await insertRow(db, "audit_events", {
    id: orderedId(now),
    account_id: entry.accountId,
    event: entry.event,
    method: entry.method ?? null,
    brand: entry.brand ?? null,
    client_id: entry.clientId ?? null,
    reason: reasonOf(entry, source)?.slice(0, REASON_MAX) ?? null,
    address: fromCaller ? addressForLimits(fromCaller.address) : null,
    device: fromCaller?.device ?? null,
    actor: "operator" in source ? source.operator : "provider" in source ? PROVIDER_ACTOR[source.provider] : null,
    created_at: now,
  });
}

export interface AuditRecord {
  /** Orders and names the entry (a list's key); says nothing about the account. */
  id: string;
  at: number;
  event: AuditEventName;
  method: string | null;
  brand: string | null;
  clientId: string | null;
  reason: string | null;
  address: string | null;
  device: string | null;
  actor: string | null;
}

/** The account's trail, newest first: the last `days` days, at most `limit` entries. */
export async function accountActivity(
  db: Db,
  accountId: string,
  { days = 30, limit = 200 } = {},
  now = Date.now(),
): Promise<AuditRecord[]> {
  const rows = await db
    .selectFrom("audit_events")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("created_at", ">", now - days * 86_400_000)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: Number(row.created_at),
    event: row.event as AuditEventName,
    method: row.method,
    brand: row.brand,
    clientId: row.client_id,
    reason: row.reason,
    address: row.address,
    device: row.device,
    actor: row.actor,
  }));
}

/** The account's trail goes with the account, inside the deletion's transaction. */
export async function deleteAccountsTrail(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("audit_events").where("account_id", "=", accountId).execute();
}

/** Housekeeping: entries older than AUDIT_RETENTION go. */
export function pruneAuditTrail(db: Db, retentionMs: number, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "audit_events", "created_at", sql`created_at <= ${now - retentionMs}`);
}
