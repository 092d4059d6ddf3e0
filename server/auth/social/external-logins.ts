import { sql } from "kysely";
import { brandForProduct } from "../../../common/brands/index.ts";
import { isValidEmail } from "../../../common/email.ts";
import { DEFAULT_LANGUAGE, languageForTag } from "../../../common/languages.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { googleUnlinkedMail, mailLook, microsoftUnlinkedMail } from "../../mail/templates.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import { AccountInputError, findAccountByEmail, holdAccountRow } from "../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../kernel/audit-trail.ts";

/**
 * Social identities linked to accounts, and the sign-ins started with a provider. An identity is
 * found by the provider's subject (its stable id), never by the email it shows today: a person who
 * changes their Google address keeps their account, and a new owner of an old address does not get it.
 */

/** How long a started social sign-in may take before it is refused as expired. */
export const ATTEMPT_LIFETIME_MS = 10 * 60_000;

export interface NewAttempt {
  provider: string;
  state: string;
  verifier: string;
  nonce: string;
  brand: string;
  query: string;
  returnUrl: string | undefined;
}

export interface Attempt {
  provider: string;
  nonce: string;
  brand: string;
  query: string;
  returnUrl: string | null;
}

export async function recordAttempt(db: Db, attempt: NewAttempt, now = Date.now()): Promise<void> {
  await db
    .insertInto("external_login_attempts")
    .values({
      state_hash: hashSecret(attempt.state),
      verifier_hash: hashSecret(attempt.verifier),
      provider: attempt.provider,
      nonce: attempt.nonce,
      brand: attempt.brand,
      query: attempt.query,
      return_url: attempt.returnUrl ?? null,
      created_at: now,
      expires_at: now + ATTEMPT_LIFETIME_MS,
      used_at: null,
    })
    .execute();
}

/**
 * Spends the attempt the provider's state names, if this browser started it (its cookie holds the
 * matching verifier), it has not expired and was not spent before: one conditional update, so a
 * replayed callback finds nothing. Undefined when any of that fails.
 */
export async function spendAttempt(db: Db, state: string, verifier: string, now = Date.now()): Promise<Attempt | undefined> {
  return db
    .updateTable("external_login_attempts")
    .set({ used_at: now })
    .where("state_hash", "=", hashSecret(state))
    .where("verifier_hash", "=", hashSecret(verifier))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["provider", "nonce", "brand", "query", "return_url as returnUrl"])
    .executeTakeFirst();
}

/**
 * The brand and query of an attempt that could not be spent, found by its state or by this
 * browser's verifier, so that even a refused callback leads back to the right login screen.
 */
export async function attemptContext(
  db: Db,
  state: string | undefined,
  verifier: string | undefined,
): Promise<Pick<Attempt, "brand" | "query"> | undefined> {
  const keys = [state && ["state_hash", hashSecret(state)], verifier && ["verifier_hash", hashSecret(verifier)]].filter(
    (key): key is ["state_hash" | "verifier_hash", string] => Boolean(key),
  );
  for (const [column, value] of keys) {
    const row = await db.selectFrom("external_login_attempts").select(["brand", "query"]).where(column, "=", value).executeTakeFirst();
    if (row) return row;
  }
  return undefined;
}

export function pruneAttempts(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "external_login_attempts", "expires_at", sql`expires_at <= ${now}`);
}

export interface ExternalIdentity {
  provider: string;
  subject: string;
  email: string;
  /** Microsoft's directory of the identity (tid) and its id there (oid); Google has neither. */
  tenantId?: string | undefined;
  objectId?: string | undefined;
}

/** The trail's words for linking and unlinking each provider's login. */
const TRAIL = {
  google: { linked: "google_linked", unlinked: "google_unlinked" },
  microsoft: { linked: "microsoft_linked", unlinked: "microsoft_unlinked" },
} as const;

/** The trail's words for a provider's login; an unknown provider's (none is stored) reads as Google's. */
function trailOf(provider: string) {
  return provider === "microsoft" ? TRAIL.microsoft : TRAIL.google;
}

export type IdentityMatch = { kind: "linked"; accountId: string } | { kind: "same-email"; accountId: string } | { kind: "no-account" };

/**
 * The account of a provider identity: the one linked to its subject (its last-seen email is
 * updated); failing that, the account with the identity's verified email, which the caller links
 * with linkIdentity once it lets the account sign in; failing that, none.
 */
export async function accountForIdentity(db: Db, identity: ExternalIdentity, now = Date.now()): Promise<IdentityMatch> {
  const linked = await db
    .updateTable("external_logins")
    .set({ email: identity.email, last_used_at: now })
    .where("provider", "=", identity.provider)
    .where("subject", "=", identity.subject)
    .returning("account_id")
    .executeTakeFirst();
  if (linked) return { kind: "linked", accountId: linked.account_id };
  // Only an address our own rule accepts can match one: every account's address passed it.
  const account = isValidEmail(identity.email) ? await findAccountByEmail(db, identity.email) : undefined;
  return account ? { kind: "same-email", accountId: account.id } : { kind: "no-account" };
}

/** Links the identity to the account; two first sign-ins racing each other link it once. */
export async function linkIdentity(
  db: Db,
  identity: ExternalIdentity,
  accountId: string,
  source: AuditSource,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const linked = await tx
      .insertInto("external_logins")
      .values({
        provider: identity.provider,
        subject: identity.subject,
        account_id: accountId,
        email: identity.email,
        tenant_id: identity.tenantId ?? null,
        object_id: identity.objectId ?? null,
        created_at: now,
        last_used_at: now,
      })
      .onConflict((conflict) => conflict.columns(["provider", "subject"]).doNothing())
      .executeTakeFirst();
    if (Number(linked.numInsertedOrUpdatedRows ?? 0n) > 0) {
      await recordAuditEvent(tx, { event: trailOf(identity.provider).linked, accountId, reason: identity.email }, source, now);
    }
  });
}

export interface LinkedLogin {
  provider: string;
  subject: string;
  email: string;
  tenantId: string | null;
  objectId: string | null;
  createdAt: number;
  lastUsedAt: number;
}

/** The accounts a Google (or other provider's) subject is linked to, as a subquery of a search for accounts (the support console). */
export function accountsOfSubject(db: Db, subject: string) {
  return db.selectFrom("external_logins").select("account_id").where("subject", "=", subject);
}

/** The logins an account linked since a moment, unlinked: what an email change taken back undoes. Answers their providers. */
export function unlinkLoginsSince(tx: Db, accountId: string, since: number) {
  return tx
    .deleteFrom("external_logins")
    .where("account_id", "=", accountId)
    .where("created_at", ">=", since)
    .returning("provider")
    .execute();
}

/** Every login of an account, deleted inside the account deletion's transaction. */
export async function deleteLoginsOf(tx: Db, accountId: string): Promise<void> {
  await tx.deleteFrom("external_logins").where("account_id", "=", accountId).execute();
}

/** The social logins linked to an account, oldest first (the account page, the export, the CLI). */
export async function loginsOfAccount(db: Db, accountId: string): Promise<LinkedLogin[]> {
  const rows = await db.selectFrom("external_logins").selectAll().where("account_id", "=", accountId).orderBy("created_at").execute();
  return rows.map((row) => ({
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    tenantId: row.tenant_id ?? null,
    objectId: row.object_id ?? null,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
  }));
}

/** The social logins linked to the account with this email (for the operator CLI). */
export async function linkedLogins(db: Db, email: string): Promise<LinkedLogin[]> {
  const account = await findAccountByEmail(db, email);
  return account ? loginsOfAccount(db, account.id) : [];
}

/** Removes one linked login of the account with this email; the next sign-in links by email again. */
export async function unlinkLogin(
  db: Db,
  config: Config,
  email: string,
  provider: string,
  subject: string,
  source: AuditSource,
): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) throw new AccountInputError(`no account for ${email.trim()}`);
  if ((await unlinkAccountLogin(db, config, account.id, { provider, subject }, source)) === "not linked") {
    throw new AccountInputError(`${account.email} has no ${provider} login with subject ${subject}`);
  }
}

export type UnlinkOutcome = "unlinked" | "not linked" | "only way in";

/**
 * Removes one linked login of the account. With `keepSecondWayIn` (the customer's own unlink, not
 * support's) it refuses to remove the last linked login of an account without a password, which
 * would leave the emailed link its only way in (docs/decisions/0057-unlinking-google.md). The
 * owner is told by mail, as of every way in that comes or goes, in the brand of `productId` (the
 * page's) or the account's own (account-brand.ts).
 */
export async function unlinkAccountLogin(
  db: Db,
  config: Config,
  accountId: string,
  { provider, subject }: { provider: string; subject: string },
  source: AuditSource,
  { keepSecondWayIn = false, productId }: { keepSecondWayIn?: boolean; productId?: number | undefined } = {},
): Promise<UnlinkOutcome> {
  return db.transaction().execute(async (tx) => {
    // Writing the account's row first holds it to the end: two unlinks racing each other cannot
    // each count the other's login as the one left.
    const account = await holdAccountRow(tx, accountId);
    const logins = await tx.selectFrom("external_logins").select(["provider", "subject"]).where("account_id", "=", accountId).execute();
    if (!account || !logins.some((login) => login.provider === provider && login.subject === subject)) return "not linked";
    if (keepSecondWayIn && account.password_hash === null && logins.length === 1) return "only way in";
    await tx
      .deleteFrom("external_logins")
      .where("account_id", "=", accountId)
      .where("provider", "=", provider)
      .where("subject", "=", subject)
      .execute();
    await recordAuditEvent(tx, { event: trailOf(provider).unlinked, accountId, reason: `${provider} ${subject}` }, source);
    const brand = productId !== undefined ? brandForProduct(productId) : await accountBrand(tx, accountId);
    const language = "caller" in source ? source.caller.language : (languageForTag(account.language) ?? DEFAULT_LANGUAGE);
    await enqueueMail(
      tx,
      config,
      fromHeader(brand.name, config.mailFrom),
      account.email,
      (provider === "microsoft" ? microsoftUnlinkedMail : googleUnlinkedMail)(mailLook(brand, config.publicUrl, language)),
    );
    return "unlinked";
  });
}
