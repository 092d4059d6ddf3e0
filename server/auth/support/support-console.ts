import { sql } from "kysely";
import type { SupportCustomer, SupportLimit, SupportSearchAnswer } from "../../../common/api/contract.ts";
import { normalizeEmail } from "../../../common/email.ts";
import type { Role } from "../../../common/roles.ts";
import { isValidUuid } from "../../../common/uuid.ts";
import type { Config } from "../../base/config.ts";
import type { BucketName } from "../../base/rate-limit-buckets.ts";
import type { Db } from "../../db/database.ts";
import { addressStanding, lastMailsTo, mailReference } from "../../mail/delivery-state.ts";
import { recentMailTo } from "../../mail/outbox.ts";
import { licenseSince } from "../account/license-since.ts";
import { accountById, accountOfDevice, devicesOf, licensesOf, productCode, selectCustomers, trailWithAgents } from "../kernel/accounts.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import { asksForHumanCheck } from "../kernel/challenge-gate.ts";
import { countersNaming } from "../kernel/rate-limit.ts";
import { whereSignedIn } from "../kernel/signed-in-places.ts";
import { passkeysOf } from "../passkey/passkeys.ts";
import { accountsOfSubject, loginsOfAccount } from "../social/external-logins.ts";

/**
 * The support console's reading side (docs/decisions/0058-support-console.md): finding a
 * customer and seeing their whole account. Every look is written to the customer's trail with
 * the agent, so who looked at whom is on record like what they did.
 */

/** The agent at the console: their account and role (server/auth/support/roles.ts). */
export interface Agent {
  accountId: string;
  role: Role;
}

/** How the trail names an agent's look or action, with the reason they gave. */
export function agentSource(agent: Agent, reason?: string): { operator: string; reason?: string } {
  return reason === undefined ? { operator: `support:${agent.accountId}` } : { operator: `support:${agent.accountId}`, reason };
}

const PAGE_SIZE = 20;

/**
 * Customers by email (exact, or its beginning: exact first), by a device's UUID, or by a Google
 * subject, 20 a page. Each customer found is told of in their trail.
 */
export async function findCustomers(db: Db, agent: Agent, query: string, page: number): Promise<SupportSearchAnswer> {
  const text = query.trim();
  const prefix = normalizeEmail(text);
  let search = selectCustomers(db);
  if (isValidUuid(text)) {
    search = search.where("accounts.id", "in", accountOfDevice(db, text));
  } else {
    search = search.where((eb) =>
      eb.or([
        // The beginning of an address, compared as text: no LIKE, so "_" and "%" are themselves.
        eb(sql<string>`substr(accounts.email_key, 1, ${prefix.length})`, "=", prefix),
        eb("accounts.id", "in", accountsOfSubject(db, text)),
      ]),
    );
  }
  const rows = await search
    .orderBy(sql`case when accounts.email_key = ${prefix} then 0 else 1 end`)
    .orderBy("accounts.email_key")
    .limit(PAGE_SIZE + 1)
    .offset(page * PAGE_SIZE)
    .execute();
  const matches = rows.slice(0, PAGE_SIZE);
  await db.transaction().execute(async (tx) => {
    for (const match of matches) await recordAuditEvent(tx, { event: "support_searched", accountId: match.id }, agentSource(agent));
  });
  return {
    matches: matches.map((row) => ({
      accountId: row.id,
      email: row.email,
      name: row.name,
      disabled: row.disabled_at !== null,
      role: row.role,
    })),
    page,
    more: rows.length > PAGE_SIZE,
  };
}

/** What each counter kept under a customer guards, as the console says it. */
const LIMIT_NAMES: Partial<Record<BucketName, string>> = {
  accessLinkPerEmail: "Sign-in link emails asked for by others",
  accessLinkOwnOrigin: "Sign-in link emails asked for from one of the customer's own devices or addresses",
  passwordResetPerEmail: "Password reset emails asked for by others",
  passwordResetOwnOrigin: "Password reset emails asked for from one of the customer's own devices or addresses",
  passwordFailuresPerAccount: "Wrong passwords, from anywhere",
  passwordFailuresPerEmailAndOrigin: "Wrong passwords from one address or device (past the limit, a captcha or a wait)",
  setPasswordPerAccount: "First passwords set",
  accountChangesPerSession: "Changes on the account page, in one browser",
  accountExportsPerSession: "Downloads of the account's data, in one browser",
  confirmationCodeMailPerSession: "Codes emailed to confirm it's the customer, in one browser",
  newSignInMailPerAccount: "New sign-in emails",
  accountDeletionMailPerAccount: "Account deletion emails",
  supportActionsPerAgent: "Support console actions (as an agent)",
};

/** Mail older than this is not shown: the last month is what a "my link did not arrive" needs. */
const MAIL_DAYS = 30;

/** The address's last mails shown with what became of each (docs/decisions/0087). */
const LAST_MAILS = 10;

/** A customer's whole account for the console; undefined when there is no such account. Recorded as a look. */
export async function supportCustomer(db: Db, config: Config, agent: Agent, accountId: string): Promise<SupportCustomer | undefined> {
  const account = await accountById(db, accountId);
  if (!account) return undefined;
  const now = Date.now();
  const [licenses, devices, logins, places, passkeys, trail, mails, counters, standing, lastMails] = await Promise.all([
    licensesOf(db, accountId),
    devicesOf(db, accountId),
    loginsOfAccount(db, accountId),
    whereSignedIn(db, accountId, { idleTimeoutMs: config.sessionIdleTimeoutMs }),
    passkeysOf(db, accountId, undefined),
    trailWithAgents(db, accountId),
    recentMailTo(db, account.email_key, now - MAIL_DAYS * 86_400_000),
    countersNaming(db, accountId, account.email),
    addressStanding(db, account.email),
    lastMailsTo(db, account.email, LAST_MAILS),
  ]);
  await recordAuditEvent(db, { event: "support_viewed", accountId }, agentSource(agent));
  return {
    agent: { role: agent.role },
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      createdAt: Number(account.created_at),
      role: account.role,
      disabledAt: account.disabled_at === null ? null : Number(account.disabled_at),
      passwordSet: account.password_hash !== null,
      googleHeldAt: account.google_held_at === null ? null : Number(account.google_held_at),
      googleChangeAskedAt: account.google_change_asked_at === null ? null : Number(account.google_change_asked_at),
    },
    licenses: licenses.map((row) => ({
      product: productCode(row.product_id),
      state: row.state,
      createdAt: licenseSince(row),
      updatedAt: Number(row.updated_at),
    })),
    devices: devices.map((row) => ({ uuid: row.uuid, product: productCode(row.product_id), linkedAt: Number(row.created_at) })),
    google: logins
      .filter((login) => login.provider === "google")
      .map((login) => ({ subject: login.subject, email: login.email, linkedAt: login.createdAt, lastUsedAt: login.lastUsedAt })),
    microsoft: logins
      .filter((login) => login.provider === "microsoft")
      .map((login) => ({
        subject: login.subject,
        email: login.email,
        tenantId: login.tenantId,
        objectId: login.objectId,
        linkedAt: login.createdAt,
        lastUsedAt: login.lastUsedAt,
      })),
    browsers: places.browsers.map(({ current: _current, ...browser }) => browser),
    apps: places.apps,
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    trail: trail.map((row) => ({
      id: row.id,
      at: Number(row.created_at),
      event: row.event,
      method: row.method,
      brand: row.brand,
      clientId: row.client_id,
      address: row.address,
      device: row.device,
      by: row.agent_email ?? row.actor,
      reason: row.reason,
    })),
    mails: mails.map((row) => ({
      id: row.id,
      subject: row.subject,
      createdAt: Number(row.created_at),
      state: row.sent_at !== null ? "sent" : row.failed_at !== null ? "failed" : Number(row.attempts) > 0 ? "retrying" : "waiting",
      attempts: Number(row.attempts),
      lastError: row.last_error,
      sentAt: row.sent_at === null ? null : Number(row.sent_at),
    })),
    limits: counters.map(({ bucket, count, windowStart }): SupportLimit => {
      const limit = config.rateLimits.limits[bucket];
      return {
        what: LIMIT_NAMES[bucket] ?? bucket,
        count,
        limit,
        until: windowStart + config.rateLimits.windowMs,
        reached: count >= limit,
        challenged: asksForHumanCheck(config, bucket, count),
      };
    }),
    mailStanding: {
      bounced: standing.bounced && {
        at: standing.bounced.at,
        reason: standing.bounced.reason,
        code: standing.bounced.code,
        words: standing.bounced.words,
        reference: standing.bounced.mailId ? mailReference(standing.bounced.mailId) : null,
      },
      complainedAt: standing.complainedAt,
    },
    lastMails,
  };
}
