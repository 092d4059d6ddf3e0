import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { hashSecret, looksLikeSecret, newSecret } from "./tokens.ts";

/**
 * Server-side sessions. The cookie holds a 256-bit random id; the database holds its hash, so
 * every instance behind a load balancer can read it and a copy of the table signs nobody in.
 */
export function sessionCookieName(config: Config): string {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain) in production.
  return config.production ? "__Host-session" : "session";
}

function cookieOptions(maxAgeSeconds?: number) {
  return {
    path: "/",
    httpOnly: true,
    // Browsers treat http://localhost as a secure context, so Secure cookies work there too.
    secure: true,
    sameSite: "lax" as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function readSessionId(request: FastifyRequest, config: Config): string | undefined {
  const value = request.cookies[sessionCookieName(config)];
  return looksLikeSecret(value) ? value : undefined;
}

/**
 * Writes a new session for the account and deletes the one this browser had before, so a session
 * id planted before sign-in is worthless after it. Takes the caller's transaction, so that spending
 * a one-time secret and the session it buys commit together or not at all. Answers the new id for
 * setSessionCookie, which the caller sends only once the transaction has committed.
 */
export async function writeSession(tx: Kysely<Database>, config: Config, request: FastifyRequest, accountId: string): Promise<string> {
  const previous = readSessionId(request, config);
  const id = newSecret();
  const now = Date.now();
  if (previous) await tx.deleteFrom("sessions").where("id_hash", "=", hashSecret(previous)).execute();
  await tx
    .insertInto("sessions")
    .values({ id_hash: hashSecret(id), account_id: accountId, created_at: now, expires_at: now + config.sessionLifetimeMs })
    .execute();
  return id;
}

/**
 * Remembered by default; with remember false (the earlier login's RememberMe false), the cookie
 * lasts until the browser closes.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, id: string, { remember = true }: { remember?: boolean } = {}): void {
  reply.setCookie(sessionCookieName(config), id, cookieOptions(remember ? Math.floor(config.sessionLifetimeMs / 1000) : undefined));
}

/** Signs the account in with a new session (writeSession and setSessionCookie in one step). */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  options: { remember?: boolean } = {},
): Promise<void> {
  const id = await db.transaction().execute((tx) => writeSession(tx, config, request, accountId));
  setSessionCookie(reply, config, id, options);
}

/** Ends this browser's session on the server and removes the cookie. */
export async function endSession(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = readSessionId(request, config);
  if (id) await db.deleteFrom("sessions").where("id_hash", "=", hashSecret(id)).execute();
  reply.clearCookie(sessionCookieName(config), cookieOptions());
}

export interface SignedInAccount {
  accountId: string;
  email: string;
  name: string;
}

/** The account signed in on this request, if any. */
export async function currentAccount(db: Db, config: Config, request: FastifyRequest): Promise<SignedInAccount | undefined> {
  const id = readSessionId(request, config);
  if (!id) return undefined;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select(["accounts.id", "accounts.email", "accounts.name"])
    .where("sessions.id_hash", "=", hashSecret(id))
    .where("sessions.expires_at", ">", Date.now())
    .executeTakeFirst();
  return row ? { accountId: row.id, email: row.email, name: row.name } : undefined;
}

/** The account's license state and newest device for one product: what a session check answers. */
export async function productStanding(db: Db, accountId: string, productId: number): Promise<{ licenseState: string; uuid: string }> {
  const [license, device] = await Promise.all([
    db.selectFrom("licenses").select("state").where("account_id", "=", accountId).where("product_id", "=", productId).executeTakeFirst(),
    db
      .selectFrom("devices")
      .select("uuid")
      .where("account_id", "=", accountId)
      .where("product_id", "=", productId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { licenseState: license?.state ?? "", uuid: device?.uuid ?? "" };
}

export async function pruneExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}
