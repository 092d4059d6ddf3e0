import { createHmac, hkdfSync } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { fateOf } from "../../mail/outbox.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { closingCounter, countBeforeClosing, openCounterUntil } from "../kernel/rate-limit.ts";
import { APPROVAL_ANSWERS } from "./approval-digits.ts";

/**
 * HIDE_ACCOUNT_EXISTENCE's stand-in for a sign-in code (docs/decisions/0094-hide-account-existence.md):
 * a browser that asked for a link for an address no account can sign in with holds a code cookie
 * as any other, and what "Check Your Email" asks with it next (the wait, a typed code) must be
 * answered as for a code nobody types right and whose link is never opened. A code row needs a
 * link (sign_in_codes.token_hash refers to one_time_tokens), so the stand-in is one of the shared
 * counters instead (rate-limit.ts's openCounterUntil), keyed on the browser's hash as a code is:
 * it counts the wrong codes typed, and closes when the code would expire. What a code keeps in its row and the stand-in cannot,
 * the two digits and the mail's id, are derived from the browser's secret by a keyed hash: the same
 * each time for that browser, and unknowable without the server's secret, so nobody can tell them
 * from drawn ones.
 */
const STAND_IN_PREFIX = "sign-in-code-stand-in:browser|";

const keyOf = (browserHash: string) => `${STAND_IN_PREFIX}${browserHash}`;

/**
 * The key the stand-in's values are derived with, from DPOP_NONCE_SECRET (required in production,
 * the same on every instance, never rotated under a running flow) under a purpose of its own, so
 * nothing derived here is ever a DPoP nonce or the other way round.
 */
const derivationKeys = new WeakMap<Buffer, Buffer>();
function derivationKey(config: Config): Buffer {
  const secret = config.oidc.dpopNonceSecret;
  let key = derivationKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "sign-in code stand-in", 32));
    derivationKeys.set(secret, key);
  }
  return key;
}

function derived(config: Config, purpose: string, browserSecret: string): Buffer {
  return createHmac("sha256", derivationKey(config)).update(`${purpose}\0${browserSecret}`).digest();
}

/** The two digits the asking screen shows, as a drawn request's number (0 to 99). */
export function standInNumber(config: Config, browserSecret: string): number {
  // 2^32 is 96 past a multiple of 100: the lower numbers come a 45-millionth more often, unseen.
  return derived(config, "approval number", browserSecret).readUInt32BE(0) % APPROVAL_ANSWERS;
}

/** The outbox id of the note that went with the stand-in, shaped as a drawn one (a version 4 UUID). */
export function standInMailId(config: Config, browserSecret: string): string {
  const bytes = derived(config, "mail id", browserSecret).subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes the stand-in of a browser secret just made, inside the caller's transaction. */
export async function issueStandIn(tx: Kysely<Database>, browserSecret: string, expiresAt: number): Promise<void> {
  await openCounterUntil(tx, keyOf(hashSecret(browserSecret)), expiresAt);
}

/**
 * The browser's stand-in (the wrong codes typed, when it expires) and the fate of its note, if one
 * went and is still kept: read together, as a code's standing is one read.
 */
export async function standInStanding(db: Db, browserHash: string, mailId: string) {
  const [standIn, mail] = await Promise.all([closingCounter(db, keyOf(browserHash)), fateOf(db, mailId)]);
  return standIn && { ...standIn, mail };
}

/**
 * Takes one of the stand-in's attempts, as a code's is taken (within its tries and its time, in one
 * statement): answers the attempts counted, this one included, or undefined when none could be.
 */
export function takeStandInAttempt(db: Db, browserHash: string, attempts: number, now = Date.now()): Promise<number | undefined> {
  return countBeforeClosing(db, keyOf(browserHash), attempts, now);
}

/** The stand-in as a refusal reads it: the attempts taken, or undefined when the browser has none. */
export async function standInAttempts(db: Db, browserHash: string): Promise<number | undefined> {
  return (await closingCounter(db, keyOf(browserHash)))?.count;
}
