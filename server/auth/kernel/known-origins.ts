import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely";
import { addressForLimits } from "../../base/client-address.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { addCosts, deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { reusableQuery } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";
import { hashSecret, looksLikeSecret, newSecret } from "../../secrets/tokens.ts";
import { type SignInAccount, selectAccountById, selectAccountForSignIn, signInAccountOf } from "./accounts.ts";
import type { SignInMethodName } from "./audit-trail.ts";
import { type Caller, readCookie, setCookie } from "./caller.ts";

/**
 * The owner's own ways in: the browsers (a long-lived, HttpOnly device cookie) and the client
 * addresses an account has signed in from. Failed passwords and mail requests by others are
 * counted apart from these, so nobody can lock a customer out of a device or address the customer
 * already uses (docs/decisions/0017-lockout-without-lockout.md).
 */

/** Browsers keep a cookie for at most 400 days; a device unused that long is forgotten. */
const DEVICE_REMEMBERED_MS = 400 * 86_400_000;
/** Addresses change hands (mobile networks, DHCP): one is trusted for a month after its last sign-in. */
const ADDRESS_REMEMBERED_MS = 30 * 86_400_000;

function readDeviceId(caller: Caller, config: Config): string | undefined {
  const value = readCookie(caller, config, "device");
  return looksLikeSecret(value) ? value : undefined;
}

/** A browser's mark (`d.` and its device cookie's hash): what known_origins, sessions and passkeys know it by. */
export const deviceMark = (deviceId: string) => `d.${hashSecret(deviceId)}`;

/** The device cookie a sign-in keeps in this browser: the one it has, or a new one for a browser without. */
export function deviceIdForSignIn(caller: Caller, config: Config): string {
  return readDeviceId(caller, config) ?? newSecret();
}

/** This browser's mark among the account's own (`d.` and its device cookie's hash), if it has the cookie. */
export function browserMark(caller: Caller, config: Config): string | undefined {
  const deviceId = readDeviceId(caller, config);
  return deviceId ? deviceMark(deviceId) : undefined;
}

const addressMark = (address: string) => `a.${hashSecret(addressForLimits(address)).slice(0, 40)}`;

/** What a sign-in on a browser the account has not used before is told to, in the sign-in's transaction. */
export type NewBrowserAnnouncer = (
  tx: Kysely<Database>,
  config: Config,
  caller: Caller,
  accountId: string,
  details: {
    brand: string | undefined;
    firstBrowser: boolean;
    method: SignInMethodName;
    now: number;
    sessionHash: string;
    browserMark: string;
  },
) => Promise<void>;

/**
 * The announcer, set at start-up (app.ts) by the "This wasn't me" room, whose notice and trail entry
 * link back to it. The kernel only knows that a new browser is announced, not how: so the room can
 * grow (a push, a second channel) without the kernel importing it.
 */
let newBrowserAnnouncer: NewBrowserAnnouncer | undefined;

export function announceNewBrowsersWith(announce: NewBrowserAnnouncer): void {
  newBrowserAnnouncer = announce;
}

/**
 * After a sign-in: this browser (by the device cookie its session was written with,
 * deviceIdForSignIn) and this address are the account's own from now on. A browser the account has
 * not used before is announced (announceNewBrowsersWith) in the same transaction.
 */
export async function rememberOrigin(
  db: Db,
  config: Config,
  caller: Caller,
  {
    accountId,
    brand,
    sessionHash,
    deviceId,
    method,
  }: { accountId: string; brand?: string | undefined; sessionHash: string; deviceId: string; method: SignInMethodName },
): Promise<void> {
  const now = Date.now();
  const announce = newBrowserAnnouncer;
  // A sign-in without its announcer would skip the trail entry and the notice, unseen: refuse it.
  if (!announce) throw new Error("No new-browser announcer: the server registers one at start-up (announceNewBrowsersWith)");
  await db.transaction().execute(async (tx) => {
    const browsers = await tx
      .selectFrom("known_origins")
      .select("mark")
      .where("account_id", "=", accountId)
      .where("mark", "like", "d.%")
      .execute();
    const mark = deviceMark(deviceId);
    if (!browsers.some((known) => known.mark === mark)) {
      await announce(tx, config, caller, accountId, {
        brand,
        firstBrowser: browsers.length === 0,
        method,
        now,
        sessionHash,
        browserMark: mark,
      });
    }
    await markOriginsSeen(tx, caller, accountId, mark, now);
  });
  keepDeviceCookie(caller, config, deviceId);
}

/** The browser's and the address's marks, seen by the account at `now`. */
async function markOriginsSeen(db: Kysely<Database>, caller: Caller, accountId: string, browser: string, now: number): Promise<void> {
  await upsertOrigins(db, { accountId, browser, address: addressMark(caller.address), now });
}

/** Every sign-in runs it: compiled once (reusable-query.ts). */
const upsertOrigins = reusableQuery<{ accountId: string; browser: string; address: string; now: number }, unknown>(
  ["accountId", "browser", "address", "now"],
  (db, { accountId, browser, address, now }) =>
    db
      .insertInto("known_origins")
      .values([browser, address].map((origin) => ({ account_id: accountId, mark: origin, last_seen_at: now })))
      .onConflict((conflict) => conflict.columns(["account_id", "mark"]).doUpdateSet({ last_seen_at: now })),
);

/** The device cookie, (re)set once the sign-in is in: the browser is remembered for 400 days from now. */
function keepDeviceCookie(caller: Caller, config: Config, deviceId: string): void {
  setCookie(caller, config, "device", deviceId, DEVICE_REMEMBERED_MS / 1000);
}

/** The marks a request could be known by: its browser's device mark, if it has one, and its address's. */
function marksOf(caller: Caller, config: Config): { device: string | undefined; address: string } {
  return { device: browserMark(caller, config), address: addressMark(caller.address) };
}

/**
 * Which of a request's marks is the owner's: its device mark when the account signed in on that
 * browser, else its address mark when the account signed in from that address lately, else none.
 * `lastSeen` answers when the account was last seen by a mark.
 */
function ownMark(
  { device, address }: ReturnType<typeof marksOf>,
  lastSeen: (mark: string) => number | string | null | undefined,
  now = Date.now(),
): string | undefined {
  const fresh = (mark: string | undefined, forMs: number) => {
    const seen = mark === undefined ? undefined : lastSeen(mark);
    return seen !== undefined && seen !== null && Number(seen) > now - forMs;
  };
  if (fresh(device, DEVICE_REMEMBERED_MS)) return device;
  if (fresh(address, ADDRESS_REMEMBERED_MS)) return address;
  return undefined;
}

/** Every origin an account was seen from, deleted inside the account deletion's transaction. */
export async function forgetOriginsOf(tx: Kysely<Database>, accountId: string): Promise<void> {
  await tx.deleteFrom("known_origins").where("account_id", "=", accountId).execute();
}

/** When the account was last seen by a mark, as a column of its row. */
function lastSeenBy(eb: ExpressionBuilder<Database, "accounts">, mark: string) {
  return eb
    .selectFrom("known_origins")
    .select("known_origins.last_seen_at")
    .whereRef("known_origins.account_id", "=", "accounts.id")
    .where("known_origins.mark", "=", mark);
}

/** The account of an email key as a sign-in reads it, with when it was last seen by two marks: compiled once. */
const accountSeenBy = reusableQuery<
  { emailKey: string; device: string; address: string },
  Selectable<Database["accounts"]> & {
    existing_desktop_user: unknown;
    device_seen_at: number | string | null;
    address_seen_at: number | string | null;
  }
>(["emailKey", "device", "address"], (db, { emailKey, device, address }) =>
  selectAccountForSignIn(db, emailKey).select((eb) => [
    lastSeenBy(eb, device).as("device_seen_at"),
    lastSeenBy(eb, address).as("address_seen_at"),
  ]),
);

/**
 * The account of `emailKey` as a sign-in or a request that mails it reads it, and the owner's
 * origin the request comes from: its device mark when the browser is one the account signed in
 * on, else its address mark when the account signed in from this address lately, else undefined
 * (a stranger, as far as the server can tell). One query: a burst of sign-ins is bound by its
 * round trips. No account, no origin.
 */
export async function accountAndOwnOrigin(
  db: Db,
  config: Config,
  caller: Caller,
  emailKey: string,
): Promise<{ account: SignInAccount | undefined; own: string | undefined }> {
  const marks = marksOf(caller, config);
  const [row] = await accountSeenBy(db, { emailKey, device: marks.device ?? marks.address, address: marks.address });
  if (!row) return { account: undefined, own: undefined };
  const { device_seen_at, address_seen_at, ...account } = row;
  const own = ownMark(marks, (mark) => (mark === marks.address ? address_seen_at : device_seen_at));
  return { account: signInAccountOf(account), own };
}

/** The account as a sign-in on a browser reads it: its `disabled_at`, and when it last saw the browser. */
const accountSeenOnBrowser = reusableQuery<
  { accountId: string; browser: string },
  { disabled_at: number | null; browser_seen_at: number | string | null }
>(["accountId", "browser"], (db, { accountId, browser }) =>
  selectAccountById(db, accountId).select((eb) => ["accounts.disabled_at", lastSeenBy(eb, browser).as("browser_seen_at")]),
);

/** A browser an account has signed in on before, and the account as a sign-in on it read it. */
export interface KnownBrowser {
  deviceId: string;
  mark: string;
  account: { disabled_at: number | null };
}

/**
 * This browser, when the account has signed in on it before: a sign-in on it has no new browser to
 * announce, so it can remember its origins with its other writes (rememberKnownBrowser) instead of
 * in a transaction of their own (rememberOrigin). Undefined for a browser without the device
 * cookie, one new to the account, or an account gone. One query, with the account's `disabled_at`.
 */
export async function knownBrowser(db: Db, config: Config, caller: Caller, accountId: string): Promise<KnownBrowser | undefined> {
  const deviceId = readDeviceId(caller, config);
  if (!deviceId) return undefined;
  const mark = deviceMark(deviceId);
  const [account] = await accountSeenOnBrowser(db, { accountId, browser: mark });
  if (!account || account.browser_seen_at === null) return undefined;
  return { deviceId, mark, account: { disabled_at: account.disabled_at } };
}

/**
 * After a sign-in on a known browser, by the handle of the sign-in's writes (writeTogether): this
 * browser and this address seen again. The caller keeps the device cookie once they are in (keepBrowser).
 */
export function rememberKnownBrowser(batch: Kysely<Database>, caller: Caller, accountId: string, browser: KnownBrowser): Promise<void> {
  return markOriginsSeen(batch, caller, accountId, browser.mark, Date.now());
}

/** The known browser's device cookie, kept for 400 days more once its sign-in is in. */
export function keepBrowser(caller: Caller, config: Config, browser: KnownBrowser): void {
  keepDeviceCookie(caller, config, browser.deviceId);
}

/**
 * Forgets browsers unused for 400 days and addresses unused for a month, as two sweeps: each walks
 * an index of its own (the addresses' is partial, its condition spelled as a literal as the index
 * spells it, or neither database could use it), where one OR of the two read the whole table.
 */
export async function pruneKnownOrigins(db: Db, now = Date.now()): Promise<SweepCost> {
  return addCosts(
    await deleteInBatches(db, "known_origins", "last_seen_at", sql`last_seen_at <= ${now - DEVICE_REMEMBERED_MS}`),
    await deleteInBatches(
      db,
      "known_origins",
      "last_seen_at",
      sql`${sql.raw("mark like 'a.%'")} and last_seen_at <= ${now - ADDRESS_REMEMBERED_MS}`,
    ),
  );
}
