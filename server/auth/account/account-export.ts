import type { AccountExport } from "../../../common/api/contract.ts";
import type { Db } from "../../db/database.ts";
import { telemetryOfAccount } from "../../telemetry/store.ts";
import { accountById, devicesWithSettings, licensesWithProducts } from "../kernel/accounts.ts";
import { accountActivity, PROVIDER_ACTOR } from "../kernel/audit-trail.ts";
import { whereSignedIn } from "../kernel/signed-in-places.ts";
import { passkeysOf } from "../passkey/passkeys.ts";
import { loginsOfAccount } from "../social/external-logins.ts";
import { licenseSince } from "./license-since.ts";

/**
 * Everything the account server holds about an account, as one JSON document: what a customer is
 * entitled to receive (GDPR articles 15 and 20) and what the account page's "Download my data"
 * hands over. Nothing secret is in it: no password hash, no session id or its hash, no token.
 */
export type { AccountExport };

const iso = (millis: number | string) => new Date(Number(millis)).toISOString();

/** The account's data, or undefined when there is no such account. */
export async function exportAccount(db: Db, accountId: string, now = Date.now()): Promise<AccountExport | undefined> {
  const account = await accountById(db, accountId);
  if (!account) return undefined;
  const [licenses, devices, logins, places, activity, telemetry, passkeys] = await Promise.all([
    licensesWithProducts(db, accountId),
    devicesWithSettings(db, accountId),
    loginsOfAccount(db, accountId),
    // Every session that has not ended, idle or not: the export says what is held.
    whereSignedIn(db, accountId, { idleTimeoutMs: Number.MAX_SAFE_INTEGER }, now),
    accountActivity(db, accountId, { days: 36_500, limit: 100_000 }, now),
    telemetryOfAccount(db, accountId),
    passkeysOf(db, accountId, undefined),
  ]);
  return {
    format: "account-export/1",
    exportedAt: iso(now),
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      createdAt: iso(account.created_at),
      passwordSet: account.password_hash !== null,
      role: account.role,
      disabled: account.disabled_at !== null,
      language: account.language,
      lastBrand: account.last_brand,
      googleSignInHeldSince: account.google_held_at === null ? null : iso(account.google_held_at),
      googleChangeAskedAt: account.google_change_asked_at === null ? null : iso(account.google_change_asked_at),
    },
    licenses: licenses.map((row) => ({
      product: row.code,
      state: row.state,
      createdAt: iso(licenseSince(row)),
      updatedAt: iso(row.updated_at),
    })),
    devices: devices.map((row) => ({
      uuid: row.uuid,
      product: row.code,
      linkedAt: iso(row.created_at),
      showNotifications: row.show_notifications === null ? null : row.show_notifications === 1,
    })),
    signedIn: {
      browsers: places.browsers.map((browser) => ({
        browser: browser.device,
        network: browser.address,
        signedInAt: iso(browser.signedInAt),
        lastUsedAt: iso(browser.lastSeenAt),
      })),
      apps: places.apps.map((app) => ({ app: app.clientId, since: iso(app.since) })),
    },
    linkedLogins: logins.map((login) => ({
      provider: login.provider,
      subject: login.subject,
      email: login.email,
      // Microsoft's: the directory the account lives in and its id there.
      ...(login.tenantId ? { tenantId: login.tenantId } : {}),
      ...(login.objectId ? { objectId: login.objectId } : {}),
      linkedAt: iso(login.createdAt),
      lastUsedAt: iso(login.lastUsedAt),
    })),
    // A passkey's public key and credential id are not secret, but say nothing to its owner.
    passkeys: passkeys.map((passkey) => ({
      name: passkey.name,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: passkey.lastUsedAt === null ? null : iso(passkey.lastUsedAt),
      synced: passkey.synced,
    })),
    // As the account page says it (docs/decisions/0058-support-console.md): an operator's entry
    // was made by support, not by whom, and their reason (free text, possibly about the caller) is
    // kept with it, so it is left out whole; the customer's own entries keep theirs.
    activity: activity.map((entry) => ({
      at: iso(entry.at),
      event: entry.event,
      method: entry.method,
      brand: entry.brand,
      app: entry.clientId,
      // Google's own events (decision 91) keep their reason ("hijacking"): it is Google's word, not an agent's.
      detail: entry.actor === null || entry.actor === PROVIDER_ACTOR.google ? entry.reason : null,
      network: entry.address,
      browser: entry.device,
      by: entry.actor === null ? null : entry.actor === PROVIDER_ACTOR.google ? "google" : "support",
    })),
    telemetry: telemetry.map((row) => ({ at: iso(row.created_at), kind: row.kind, name: row.name, screen: row.screen, brand: row.brand })),
  };
}
