import { type Kysely, sql } from "kysely";
import { DEFAULT_LANGUAGE, languageForTag } from "../../../common/languages.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import type { Database } from "../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { googleHeldMail, mailLook } from "../../mail/templates.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import { endGoogleHold, holdGoogleSignIn, mailAddressOf, setGoogleChangeAsked } from "../kernel/accounts.ts";
import { type AuditEventName, type AuditSource, recordAuditEvent } from "../kernel/audit-trail.ts";
import { endPendingChanges } from "../kernel/pending-email-change.ts";
import { endEverySignIn } from "../kernel/sign-out.ts";
import { GOOGLE } from "./google-sign-in.ts";
import { RISC_TOKEN_MAX_AGE_MS, type SecurityEventToken, withoutTrailingSlash } from "./risc-token.ts";

/**
 * Google's Cross-Account Protection (the RISC profile of the OpenID Shared Signals framework;
 * docs/decisions/0091-google-cross-account-protection.md): what a security event token Google
 * sends does to the account linked to the Google account it names. The token's signature,
 * issuer, audience and type were checked before (risc-token.ts); here, in one transaction:
 *
 * 1. its id is taken, by one insert that conflicts on a replay (on any instance): a replay is
 *    refused and changes nothing;
 * 2. each event is applied to the account linked to its subject, if there is one (an unknown
 *    subject is accepted and changes nothing, as the profile asks);
 * 3. each event goes into that account's trail, with Google as its source.
 *
 * sessions-revoked and tokens-revoked end every browser session and every app's tokens, as "sign
 * out everywhere" does; account-disabled for hijacking does the same, holds Google sign-in and
 * mails the customer why; account-credential-change-required is kept for the account page; the
 * rest are recorded. verification only asks that we answer.
 */

/** The event types Google sends (developers.google.com/identity/protocols/risc). */
export const RISC_EVENT_TYPES = {
  sessionsRevoked: "https://schemas.openid.net/secevent/risc/event-type/sessions-revoked",
  tokensRevoked: "https://schemas.openid.net/secevent/oauth/event-type/tokens-revoked",
  accountDisabled: "https://schemas.openid.net/secevent/risc/event-type/account-disabled",
  accountEnabled: "https://schemas.openid.net/secevent/risc/event-type/account-enabled",
  credentialChangeRequired: "https://schemas.openid.net/secevent/risc/event-type/account-credential-change-required",
  verification: "https://schemas.openid.net/secevent/risc/event-type/verification",
} as const;

const GOOGLE_SOURCE: AuditSource = { provider: "google" };

/** What became of a token: accepted (202), or refused and nothing changed (400, with RFC 8935's error code). */
export type RiscOutcome = { accepted: true; applied: AppliedEvent[] } | { accepted: false; error: "invalid_request"; description: string };

/** One event of an accepted token, for the log: its type's last part, and the account it changed if any. */
interface AppliedEvent {
  type: string;
  accountId: string | null;
  reason?: string;
}

/**
 * Takes the token's id and applies its events, all or nothing. `subjectIssuers` are the issuer
 * names a subject of ours may carry (Google's ID token issuer and its RISC issuer).
 */
export async function receiveSecurityEvent(
  db: Db,
  config: Config,
  token: SecurityEventToken,
  subjectIssuers: readonly string[],
  now = Date.now(),
): Promise<RiscOutcome> {
  return db.transaction().execute(async (tx) => {
    if (!(await takeTokenId(tx, token.jti, now))) {
      return { accepted: false, error: "invalid_request", description: "this token was already received" } as const;
    }
    const applied: AppliedEvent[] = [];
    for (const [type, event] of Object.entries(token.events)) {
      applied.push(await applyEvent(tx, config, type, event, subjectIssuers, now));
    }
    return { accepted: true, applied } as const;
  });
}

/** One statement: the id goes in, or it was there already (another delivery, another instance). */
async function takeTokenId(tx: Kysely<Database>, jti: string, now: number): Promise<boolean> {
  const taken = await tx
    .insertInto("google_risc_tokens")
    .values({ jti_hash: hashSecret(jti), received_at: now, expires_at: now + RISC_TOKEN_MAX_AGE_MS })
    .onConflict((conflict) => conflict.column("jti_hash").doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The event's subject, when it names a Google account the way Google's ID tokens do. */
function subjectOf(event: Record<string, unknown>, subjectIssuers: readonly string[]): string | undefined {
  const subject = event.subject;
  if (typeof subject !== "object" || subject === null) return undefined;
  const { subject_type: subjectType, format, iss, sub } = subject as Record<string, unknown>;
  // "iss-sub" as Google sends it; "iss_sub", the Shared Signals spelling; "id_token_claims", the
  // claims of an ID token, of which the issuer and the subject find the account.
  const kind = subjectType ?? format;
  if (kind !== "iss-sub" && kind !== "iss_sub" && kind !== "id_token_claims") return undefined;
  if (typeof sub !== "string" || sub === "" || sub.length > 255) return undefined;
  if (typeof iss !== "string" || !subjectIssuers.includes(withoutTrailingSlash(iss))) return undefined;
  return sub;
}

async function applyEvent(
  tx: Kysely<Database>,
  config: Config,
  type: string,
  body: unknown,
  subjectIssuers: readonly string[],
  now: number,
): Promise<AppliedEvent> {
  const name = type.slice(type.lastIndexOf("/") + 1).slice(0, 64);
  const event = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  // Google's stream:verify: answered, and its state logged so the operator sees it arrive.
  if (type === RISC_EVENT_TYPES.verification) {
    return { type: name, accountId: null, ...(typeof event.state === "string" ? { reason: event.state.slice(0, 64) } : {}) };
  }
  const subject = subjectOf(event, subjectIssuers);
  const linked =
    subject === undefined
      ? undefined
      : await tx
          .selectFrom("external_logins")
          .select("account_id")
          .where("provider", "=", GOOGLE.name)
          .where("subject", "=", subject)
          .executeTakeFirst();
  if (!linked) return { type: name, accountId: null };
  const accountId = linked.account_id;
  const reason = typeof event.reason === "string" ? event.reason.slice(0, 64) : undefined;
  const record = (event: AuditEventName, why?: string) =>
    recordAuditEvent(tx, { event, accountId, ...(why ? { reason: why } : {}) }, GOOGLE_SOURCE, now);

  switch (type) {
    case RISC_EVENT_TYPES.sessionsRevoked:
    case RISC_EVENT_TYPES.tokensRevoked:
      await endEverything(tx, accountId);
      await record(type === RISC_EVENT_TYPES.sessionsRevoked ? "google_sessions_revoked" : "google_tokens_revoked");
      break;
    case RISC_EVENT_TYPES.accountDisabled:
      if (reason === "hijacking") {
        await endEverything(tx, accountId);
        await holdGoogleSignIn(tx, accountId, now);
        await record("google_account_hijacked", reason);
        await mailHeld(tx, config, accountId);
      } else {
        await record("google_account_disabled", reason ?? "no reason given");
      }
      break;
    case RISC_EVENT_TYPES.accountEnabled:
      await record("google_account_enabled");
      break;
    case RISC_EVENT_TYPES.credentialChangeRequired:
      await setGoogleChangeAsked(tx, accountId, now);
      await record("google_credential_change_required");
      break;
    default:
      // An event type we do not act on: accepted, as the profile asks, and nothing changes.
      return { type: name, accountId: null };
  }
  return { type: name, accountId, ...(reason ? { reason } : {}) };
}

/** What "sign out everywhere" ends: every browser, every app's grant and tokens, a pending email change. */
async function endEverything(tx: Kysely<Database>, accountId: string): Promise<void> {
  await endEverySignIn(tx, accountId);
  // A pending email change may be the taker's: its confirmation link ends with the sign-ins (decision 78).
  await endPendingChanges(tx, accountId, "cancelled");
}

/** Tells the owner why they were signed out and Google sign-in is held, in the account's language and brand. */
async function mailHeld(tx: Kysely<Database>, config: Config, accountId: string): Promise<void> {
  const account = await mailAddressOf(tx, accountId);
  const brand = await accountBrand(tx, accountId);
  const language = languageForTag(account.language) ?? DEFAULT_LANGUAGE;
  await enqueueMail(
    tx,
    config,
    fromHeader(brand.name, config.mailFrom),
    account.email,
    googleHeldMail(mailLook(brand, config.publicUrl, language)),
  );
}

/**
 * Lets Google sign the customer in again after a hold (support, decision 91): the trail says who.
 * False when Google sign-in was not held.
 */
export async function clearGoogleHold(db: Db, accountId: string, source: AuditSource): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await endGoogleHold(tx, accountId))) return false;
    await recordAuditEvent(tx, { event: "google_hold_cleared", accountId }, source);
    return true;
  });
}

/** Housekeeping: token ids no token is accepted with any more. */
export function pruneRiscTokens(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "google_risc_tokens", "expires_at", sql`expires_at <= ${now}`);
}
