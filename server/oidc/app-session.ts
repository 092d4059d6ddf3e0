import { accountForSessionId, endProviderSession } from "../auth/sessions.ts";
import { hashSecret, looksLikeSecret } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import { clearedCookieHeader, cookieFromHeader, providerCookieNames, sessionCookieName } from "../cookies.ts";
import type { Db } from "../db/database.ts";

/**
 * The account server's own session, read from a raw Cookie header: the provider (which runs on
 * Koa, not Fastify) asks it who is signed in. It is the one source of truth for "signed in", read
 * by the same function as every other request (sessions.ts): a silent sign-in is a use of the
 * session, and a session past its idle timeout signs nobody in.
 */
export interface AppSession {
  accountId: string;
  /** When the customer signed in: every sign-in starts a new session. */
  signedInAt: number;
  /** How the customer signed in (RFC 8176), for the ID token's amr. */
  amr: string[] | undefined;
}

function appSessionId(cookieHeader: string | undefined, config: Config): string | undefined {
  const value = cookieFromHeader(cookieHeader, sessionCookieName(config));
  return looksLikeSecret(value) ? value : undefined;
}

export async function appSession(db: Db, config: Config, cookieHeader: string | undefined): Promise<AppSession | undefined> {
  const account = await accountForSessionId(db, config, appSessionId(cookieHeader, config));
  return account && { accountId: account.accountId, signedInAt: account.signedInAt, amr: account.amr };
}

/** A logout at the provider: the browser's account session and its provider session end. */
export async function endAppSession(db: Db, config: Config, cookieHeader: string | undefined): Promise<void> {
  const id = appSessionId(cookieHeader, config);
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashSecret(id)).execute();
  await endProviderSession(db, cookieFromHeader(cookieHeader, providerCookieNames(config).session));
}

/** The Set-Cookie value that removes the session cookie (the attributes it was set with). */
export function clearedSessionCookie(config: Config): string {
  return clearedCookieHeader(config, "session");
}
