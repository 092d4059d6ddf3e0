import type { Db } from "../../db/database.ts";
import { clientsAmong } from "../../db/oidc-clients.ts";
import { accountGrants, deleteAppProviderObjects, deleteProviderSessionsOfBrowsers } from "../../db/oidc-payloads.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { type AuditSource, recordAuditEvent } from "./audit-trail.ts";
import { endBrowserSessions, liveSessionsOf } from "./session-store.ts";

/**
 * Where an account is signed in, as its owner (the account page) and support see it: each browser
 * session, and each app holding a grant (a web app, a desktop agent). Each can be signed out on
 * its own. A browser is named by its session's stored hash, which signs nobody in.
 */
export interface SignedInBrowser {
  /** Names the session for signing it out: the SHA-256 the database keeps, never the cookie. */
  ref: string;
  /** "Chrome on Windows", from the sign-in; null for sessions older than the trail. */
  device: string | null;
  /** The network it signed in from: IPv4, or the IPv6 /64. */
  address: string | null;
  signedInAt: number;
  lastSeenAt: number;
  /** The browser asking. */
  current: boolean;
}

function appKind(type: string | null): SignedInApp["kind"] {
  if (type === null) return null;
  return type === "native" ? "desktop" : "web";
}

/** The registered apps among `clientIds`: each one's brand and kind, for naming it to a customer. */
export async function appsByClientId(db: Db, clientIds: string[]): Promise<Map<string, { brand: string; kind: "desktop" | "web" }>> {
  const unique = [...new Set(clientIds)];
  if (unique.length === 0) return new Map();
  const rows = await clientsAmong(db, unique);
  return new Map(rows.map((row) => [row.id, { brand: row.brand, kind: row.type === "native" ? "desktop" : "web" }]));
}

export interface SignedInApp {
  clientId: string;
  /** The brand whose screens the app signs in on, when the app is registered. */
  brand: string | null;
  /** A desktop agent (a native client) or an app on the web; null when the app is not registered. */
  kind: "desktop" | "web" | null;
  /** When the app was first given access. */
  since: number;
}

export async function whereSignedIn(
  db: Db,
  accountId: string,
  { idleTimeoutMs, currentSessionId }: { idleTimeoutMs: number; currentSessionId?: string | undefined },
  now = Date.now(),
): Promise<{ browsers: SignedInBrowser[]; apps: SignedInApp[] }> {
  const current = currentSessionId ? hashSecret(currentSessionId) : undefined;
  const [sessions, grants] = await Promise.all([liveSessionsOf(db, accountId, idleTimeoutMs, now), accountGrants(db, accountId, now)]);
  const apps = new Map<string, SignedInApp>();
  for (const grant of grants) {
    const known = apps.get(grant.clientId);
    if (!known || grant.grantedAt < known.since)
      apps.set(grant.clientId, { clientId: grant.clientId, brand: grant.brand, kind: appKind(grant.type), since: grant.grantedAt });
  }
  return {
    browsers: sessions.map((row) => ({
      ref: row.id_hash,
      device: row.device,
      address: row.address,
      signedInAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
      current: row.id_hash === current,
    })),
    apps: [...apps.values()].sort((a, b) => a.since - b.since),
  };
}

/**
 * Ends one browser's session of the account and, as a logout in that browser would (decision 52),
 * its provider session: the web apps it signed in to ask again, a desktop agent keeps its own.
 * Answers false when the account has no session by that name.
 */
export async function signOutBrowser(db: Db, accountId: string, ref: string, source: AuditSource): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if ((await endBrowserSessions(tx, accountId, [ref], "one browser, from the list", source)) === 0) return false;
    await deleteProviderSessionsOfBrowsers(tx, accountId, [ref]);
    return true;
  });
}

/**
 * Ends one app's sign-in: its grant and every access token, refresh token and code issued under
 * it, and tells the app when it takes logout tokens. A desktop agent signs in again; the account's
 * other apps and browsers are untouched.
 */
export async function signOutApp(db: Db, accountId: string, clientId: string, source: AuditSource): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await deleteAppProviderObjects(tx, accountId, clientId))) return false;
    await recordAuditEvent(tx, { event: "app_signed_out", accountId, clientId }, source);
    return true;
  });
}
