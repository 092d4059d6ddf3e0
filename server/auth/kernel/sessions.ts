import { type Kysely, sql } from "kysely";
import { addressForLimits } from "../../base/client-address.ts";
import type { Config } from "../../base/config.ts";
import { providerCookieNames } from "../../base/cookies.ts";
import { AppError } from "../../base/errors.ts";
import { type Db, isForeignKeyViolation } from "../../db/database.ts";
import { deleteProviderSession } from "../../db/oidc-payloads.ts";
import { reusableQuery } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import { writeTogether } from "../../db/write-together.ts";
import { hashSecret, looksLikeSecret, newSecret } from "../../secrets/tokens.ts";
import { rememberSignInBrand } from "./account-brand.ts";
import { refuseDisabledAccount, refuseIfDisabled } from "./account-status.ts";
import { accountWithStandingQuery, standingColumns } from "./accounts.ts";
import { recordAuditEvent, type SignInMethodName } from "./audit-trail.ts";
import { type Caller, clearCookie, readCookie, setCookie } from "./caller.ts";
import { deviceIdForSignIn, deviceMark, keepBrowser, knownBrowser, rememberKnownBrowser, rememberOrigin } from "./known-origins.ts";
import { passkeyOlderThanHold } from "./passkey-removal.ts";
import { endSessionByHash, replaceSession } from "./session-store.ts";

/**
 * Server-side sessions. The cookie holds a 256-bit random id; the database holds its hash, so
 * every instance behind a load balancer can read it and a copy of the table signs nobody in.
 * Their rows are written and ended by session-store.ts alone (decision 74).
 */

export function readSessionId(caller: Caller, config: Config): string | undefined {
  const value = readCookie(caller, config, "session");
  return looksLikeSecret(value) ? value : undefined;
}

/**
 * Writes a new session for the account and deletes the one this browser had before, so a session
 * id planted before sign-in is worthless after it. Takes the caller's transaction, so that spending
 * a one-time secret and the session it buys commit together or not at all; finishSignIn sends the
 * cookie once the transaction has committed. Remembered by default; with remember false (the
 * earlier login's RememberMe false) the cookie lasts until the browser closes and the server ends
 * the session after BROWSER_SESSION_LIFETIME, since browsers that restore their tabs keep
 * "session" cookies for weeks.
 */
export async function writeSession(
  tx: Kysely<Database>,
  config: Config,
  caller: Caller,
  accountId: string,
  options: SignInOptions,
): Promise<NewSession> {
  await refuseDisabledAccount(tx, accountId);
  return refusingGoneAccount(writeSessionRows(tx, config, caller, accountId, options));
}

/** A session's rows, by the handle of the writes it is one of: the session, its trail entry, the language. */
/**
 * How long before Google's hijacking event a password or passkey must have been set to end the
 * hold on Google sign-in (decision 91): one added since may be the taker's, signed in with Google.
 */
export const GOOGLE_HOLD_LOOKBACK_MS = 30 * 86_400_000;

async function writeSessionRows(
  handle: Kysely<Database>,
  config: Config,
  caller: Caller,
  accountId: string,
  { remember = true, method, brand, amr, passkeyId, approvedByBrowser }: SignInOptions,
): Promise<NewSession> {
  const previous = readSessionId(caller, config);
  // The browser's device cookie, new if it has none yet: finishSignIn keeps the same one.
  const deviceId = deviceIdForSignIn(caller, config);
  const id = newSecret();
  const now = Date.now();
  const lifetimeMs = remember ? config.sessionLifetimeMs : config.browserSessionLifetimeMs;
  await replaceSession(handle, previous && hashSecret(previous), {
    id_hash: hashSecret(id),
    account_id: accountId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + lifetimeMs,
    device: caller.device,
    address: addressForLimits(caller.address),
    amr: (amr ?? AMR[method]).join(" "),
    passkey_id: passkeyId ?? null,
    browser_mark: deviceMark(deviceId),
    approved_by_browser: approvedByBrowser ?? null,
  });
  await recordAuditEvent(handle, { event: "signed_in", accountId, method, ...(brand ? { brand } : {}) }, { caller }, now);
  // The brand signed in through is the brand of the account's mail that no page names (account-brand.ts).
  if (brand) await rememberSignInBrand(handle, accountId, brand);
  // A password or a passkey is a way in the taker of a Google account does not hold, unless they
  // added it while signed in with Google: signing in with one set or added at least
  // GOOGLE_HOLD_LOOKBACK_MS before Google's hijacking event ends the hold that event set
  // (decision 91). The emailed link does not: the taken Google account may be its mailbox.
  if (method === "password") await endGoogleHoldByPassword(handle, { accountId });
  else if (method === "passkey" && passkeyId) {
    await handle
      .updateTable("accounts")
      .set({ google_held_at: null })
      .where("id", "=", accountId)
      .where("google_held_at", "is not", null)
      .where((row) => passkeyOlderThanHold(row, passkeyId, GOOGLE_HOLD_LOOKBACK_MS))
      .execute();
  }
  // The language this sign-in was read in: mail sent later with no browser involved uses it. One
  // the customer chose (or the page they saw named) replaces the account's; a browser's default
  // alone only fills it in when the account has none, so a link opened in another browser, or a
  // callback from Google, does not turn a customer who chose German back into English. A request
  // that named none (answered in English by default) leaves it as it was.
  if (caller.languageStated) {
    let update = handle.updateTable("accounts").set({ language: caller.language }).where("id", "=", accountId);
    update = caller.languageChosen
      ? update.where((row) => row.or([row("language", "is", null), row("language", "!=", caller.language)]))
      : update.where("language", "is", null);
    await update.execute();
  }
  return { id, accountId, remember, lifetimeMs, brand, deviceId, method };
}

/** A password sign-in's end of the Google hold (above): every password sign-in runs it, so it is compiled once (reusable-query.ts). */
const endGoogleHoldByPassword = reusableQuery<{ accountId: string }, unknown>(["accountId"], (db, { accountId }) =>
  db
    .updateTable("accounts")
    .set({ google_held_at: null })
    .where("id", "=", accountId)
    .where("google_held_at", "is not", null)
    .where((row) =>
      row.or([row("password_set_at", "is", null), row("password_set_at", "<", sql<number>`google_held_at - ${GOOGLE_HOLD_LOOKBACK_MS}`)]),
    ),
);

/**
 * The account was deleted after its secret was checked (on PostgreSQL even after it was last read,
 * which takes no lock): answered as for an account that does not exist, as a password sign-in
 * answers an unknown email. Once the session row is in, the account cannot go before its
 * transaction ends: its key is held, and its deletion then takes this session with it.
 */
async function refusingGoneAccount<T>(writing: Promise<T>): Promise<T> {
  try {
    return await writing;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("INVALID_CREDENTIALS");
    throw error;
  }
}

/**
 * What each way in tells an app in the ID token's `amr` (RFC 8176; docs/decisions/0059-passkeys.md):
 * a password is "pwd"; the emailed link and its code are one-time secrets, "otp"; Google is a
 * federated sign-in, "fed" (not in RFC 8176's registry; the value Microsoft's and others' providers
 * use). A passkey says its own (passkeys.ts): "hwk" or "swk", "user" and "mfa".
 */
const AMR: Record<SignInMethodName, string[]> = {
  link: ["otp"],
  code: ["otp"],
  password: ["pwd"],
  google: ["fed"],
  microsoft: ["fed"],
  passkey: ["swk", "user", "mfa"],
};

/** How a sign-in was made, for its session and the security trail. */
export interface SignInOptions {
  method: SignInMethodName;
  /** The ID token's amr when the method alone does not say it (a device-bound passkey). */
  amr?: string[];
  brand?: string;
  /** False: the cookie ends with the browser (the earlier login's RememberMe false). */
  remember?: boolean;
  /** The passkey it signed in with: removing that passkey ends this session (decision 65). */
  passkeyId?: string;
  /** The device mark of the browser that approved it on another device (decision 73): "This wasn't me" about that browser ends it. */
  approvedByBrowser?: string | null;
}

/** A session written by writeSession, not yet handed to the browser. */
export interface NewSession extends SignedIn {
  id: string;
  remember: boolean;
  lifetimeMs: number;
  /** The device cookie the session's browser is marked by (known-origins.ts). */
  deviceId: string;
  /** How it signed in: whether a new browser's notice would tell the mailbox anything (new-sign-in-mail.ts). */
  method: SignInMethodName;
}

/**
 * What a sign-in did: who signed in, on which brand. The flows answer it beside their own answer,
 * and the route, which knows its way in, hands it on (the funnel's step records the account): the
 * answer the browser gets does not say who signed in.
 */
export interface SignedIn {
  accountId: string;
  /** The brand signed in on, when the way in knows it: its look for the new-browser mail. */
  brand?: string | undefined;
}

/**
 * Hands a committed session to the browser: the browser and address become the account's own
 * (known-origins.ts), and the cookie is set on an answer that must never be cached. Answers who
 * signed in.
 */
export async function finishSignIn(db: Db, config: Config, caller: Caller, session: NewSession): Promise<SignedIn> {
  await rememberOrigin(db, config, caller, {
    accountId: session.accountId,
    brand: session.brand,
    sessionHash: hashSecret(session.id),
    deviceId: session.deviceId,
    method: session.method,
  });
  return handOver(config, caller, session);
}

/** The session's cookie, on an answer that must never be cached. */
function handOver(config: Config, caller: Caller, session: NewSession): SignedIn {
  caller.noStore();
  setCookie(caller, config, "session", session.id, session.remember ? session.lifetimeMs / 1000 : undefined);
  return { accountId: session.accountId, brand: session.brand };
}

/**
 * Signs the account in with a new session (writeSession and finishSignIn in one step). On a browser
 * the account has signed in on before there is no new browser to announce: the session, its trail
 * entry and the origins seen are then written together (writeTogether: one statement on
 * PostgreSQL, where the two steps take two transactions, nine round trips with their BEGIN and
 * COMMIT), after one read that finds the browser and refuses a disabled account.
 */
export async function startSession(db: Db, config: Config, caller: Caller, accountId: string, options: SignInOptions): Promise<SignedIn> {
  const browser = await knownBrowser(db, config, caller, accountId);
  if (!browser) {
    const session = await db.transaction().execute((tx) => writeSession(tx, config, caller, accountId, options));
    return finishSignIn(db, config, caller, session);
  }
  refuseIfDisabled(browser.account);
  const session = await refusingGoneAccount(
    writeTogether(db, async (batch) => {
      const written = await writeSessionRows(batch, config, caller, accountId, options);
      await rememberKnownBrowser(batch, caller, accountId, browser);
      return written;
    }),
  );
  keepBrowser(caller, config, browser);
  return handOver(config, caller, session);
}

/**
 * A website logout: ends this browser's session and its OpenID Provider session, and removes the
 * cookie. The apps signed in from this browser with their own refresh tokens (a desktop agent)
 * stay signed in; "sign out everywhere" ends those (sign-out.ts, decision 52).
 */
export async function endSession(
  db: Db,
  config: Config,
  caller: Caller,
  { providerSession = true }: { providerSession?: boolean } = {},
): Promise<void> {
  const id = readSessionId(caller, config);
  if (id) await endSessionByHash(db, hashSecret(id), { caller });
  // An authorization that asks the customer to sign in again (prompt=login) keeps the provider's
  // session: the authorization resumes in it once they have.
  if (providerSession) await endProviderSession(db, caller.cookie(providerCookieNames(config).session));
  caller.noStore();
  clearCookie(caller, config, "session");
}

export interface SignedInAccount {
  accountId: string;
  email: string;
  name: string;
  /** When the customer signed in: every sign-in starts a new session. */
  signedInAt: number;
  /** How (RFC 8176 values), for the ID token; none for a session older than the record. */
  amr: string[] | undefined;
}

/**
 * Ends the provider session a browser's cookie names. The provider stores it under the hash of its
 * id (provider/adapter.ts), as every bearer secret is stored.
 */
async function endProviderSession(db: Db, providerSessionId: string | undefined): Promise<void> {
  if (!providerSessionId || providerSessionId.length > 128) return;
  await deleteProviderSession(db, providerSessionId);
}

/**
 * How stale a session's last-seen time may get before a request writes it again: a small part of
 * the idle timeout, at most a minute, so a busy session costs one write a minute, not one per request.
 */
function lastSeenInterval(config: Config): number {
  return Math.min(60_000, Math.floor(config.sessionIdleTimeoutMs / 10));
}

/** The account's license state and newest device for one product: what a session check answers. */
export interface ProductStanding {
  licenseState: string;
  uuid: string;
}

/**
 * The account signed in on this request, if any. A session ends at its lifetime or after
 * SESSION_IDLE_TIMEOUT without use, whichever comes first.
 */
export async function currentAccount(db: Db, config: Config, caller: Caller): Promise<SignedInAccount | undefined> {
  return accountForSessionId(db, config, readSessionId(caller, config));
}

/**
 * The one reader of a session, whatever carries its id (a Fastify request, the provider's raw
 * Cookie header): the lifetime and the idle timeout apply alike, and each read counts as a use.
 */
export async function accountForSessionId(db: Db, config: Config, id: string | undefined): Promise<SignedInAccount | undefined> {
  if (!looksLikeSecret(id)) return undefined;
  const lookup = lookupFor(config, id);
  const [row] = await findSession(db, lookup);
  return row ? recordUse(db, config, row, lookup) : undefined;
}

/**
 * The signed-in account and its standing for one product, read in one query: the session check
 * is the busiest request there is, and each query costs it more than the work it asks for.
 */
export async function currentAccountStanding(
  db: Db,
  config: Config,
  caller: Caller,
  productId: number,
): Promise<{ account: SignedInAccount; standing: ProductStanding } | undefined> {
  const lookup = sessionLookup(config, caller);
  if (!lookup) return undefined;
  const [row] = await findSessionWithStanding(db, { ...lookup, productId });
  if (!row) return undefined;
  return {
    account: await recordUse(db, config, row, lookup),
    standing: { licenseState: row.license_state ?? "", uuid: row.device_uuid ?? "" },
  };
}

interface SessionLookup {
  idHash: string;
  now: number;
  lastSeenAfter: number;
}

interface SessionRow {
  id: string;
  email: string;
  name: string;
  amr: string | null;
  created_at: number | string;
  last_seen_at: number | string;
}

function sessionQuery(db: Db, { idHash, now, lastSeenAfter }: SessionLookup) {
  return db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select(["accounts.id", "accounts.email", "accounts.name", "sessions.created_at", "sessions.last_seen_at", "sessions.amr"])
    .where("sessions.id_hash", "=", idHash)
    .where("sessions.expires_at", ">", now)
    .where("sessions.last_seen_at", ">", lastSeenAfter);
}

const findSession = reusableQuery<SessionLookup, SessionRow>(["idHash", "now", "lastSeenAfter"], sessionQuery);

/** The session check's one query: the session, its account, and the product's license and newest device. */
const findSessionWithStanding = reusableQuery<
  SessionLookup & { productId: number },
  SessionRow & { license_state: string | null; device_uuid: string | null }
>(["idHash", "now", "lastSeenAfter", "productId"], (db, values) =>
  sessionQuery(db, values).select((eb) => standingColumns(eb as never, values.productId)),
);

/** What finds this request's session, if its cookie holds one. */
function sessionLookup(config: Config, caller: Caller): SessionLookup | undefined {
  const id = readSessionId(caller, config);
  return id ? lookupFor(config, id) : undefined;
}

function lookupFor(config: Config, id: string): SessionLookup {
  const now = Date.now();
  return { idHash: hashSecret(id), now, lastSeenAfter: now - config.sessionIdleTimeoutMs };
}

/** Writes a session's last use when it has grown stale (at most once a minute), and names its account. */
async function recordUse(db: Db, config: Config, row: SessionRow, { idHash, now }: SessionLookup): Promise<SignedInAccount> {
  const staleBefore = now - lastSeenInterval(config);
  if (Number(row.last_seen_at) <= staleBefore) {
    // Conditional, so simultaneous requests write once.
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now })
      .where("id_hash", "=", idHash)
      .where("last_seen_at", "<=", staleBefore)
      .execute();
  }
  return { accountId: row.id, email: row.email, name: row.name, signedInAt: Number(row.created_at), amr: row.amr?.split(" ") };
}

/**
 * The session a cookie's id names, its account and that account's standing for one product, in one
 * query (the OpenID authorization asks all three of the browser's session at once).
 */
export async function accountStandingForSessionId(
  db: Db,
  config: Config,
  id: string | undefined,
  productId: number,
): Promise<{ account: SignedInAccount; standing: ProductStanding } | undefined> {
  if (!looksLikeSecret(id)) return undefined;
  const lookup = lookupFor(config, id);
  const [row] = await findSessionWithStanding(db, { ...lookup, productId });
  if (!row) return undefined;
  return {
    account: await recordUse(db, config, row, lookup),
    standing: { licenseState: row.license_state ?? "", uuid: row.device_uuid ?? "" },
  };
}

/** An account by its id with its standing for one product, in one query (the OpenID claims). */
const findAccountWithStanding = reusableQuery<
  { accountId: string; productId: number },
  { id: string; email: string; name: string; license_state: string | null; device_uuid: string | null }
>(["accountId", "productId"], (db, values) => accountWithStandingQuery(db, values.accountId, values.productId));

/** An account and its standing for one product, or undefined when there is no such account. */
export async function accountWithStanding(
  db: Db,
  accountId: string,
  productId: number,
): Promise<{ id: string; email: string; name: string; standing: ProductStanding } | undefined> {
  const [row] = await findAccountWithStanding(db, { accountId, productId });
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      standing: { licenseState: row.license_state ?? "", uuid: row.device_uuid ?? "" },
    }
  );
}

/** One product's standing for an account already known (the device check). */
export async function productStanding(db: Db, accountId: string, productId: number): Promise<ProductStanding> {
  return (await accountWithStanding(db, accountId, productId))?.standing ?? { licenseState: "", uuid: "" };
}
