import { sessionCookieName } from "../auth/sessions.ts";
import { hashSecret, looksLikeSecret } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";

/**
 * The account server's own session, read from a raw Cookie header: the provider (which runs on
 * Koa, not Fastify) asks it who is signed in. It is the one source of truth for "signed in".
 */
export interface AppSession {
  accountId: string;
  /** When the customer signed in: every sign-in starts a new session. */
  signedInAt: number;
}

export function appSessionId(cookieHeader: string | undefined, config: Config): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName(config);
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      return looksLikeSecret(value) ? value : undefined;
    }
  }
  return undefined;
}

export async function appSession(db: Db, config: Config, cookieHeader: string | undefined): Promise<AppSession | undefined> {
  const id = appSessionId(cookieHeader, config);
  if (!id) return undefined;
  const row = await db
    .selectFrom("sessions")
    .select(["account_id", "created_at"])
    .where("id_hash", "=", hashSecret(id))
    .where("expires_at", ">", Date.now())
    .executeTakeFirst();
  return row ? { accountId: row.account_id, signedInAt: row.created_at } : undefined;
}

export async function endAppSession(db: Db, config: Config, cookieHeader: string | undefined): Promise<void> {
  const id = appSessionId(cookieHeader, config);
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashSecret(id)).execute();
}

/** The Set-Cookie value that removes the session cookie (the attributes it was set with). */
export function clearedSessionCookie(config: Config): string {
  return `${sessionCookieName(config)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax`;
}
