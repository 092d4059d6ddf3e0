import type { Kysely } from "kysely";
import { type Brand, brandForProduct } from "../../../common/brands/index.ts";
import { DEFAULT_LANGUAGE, languageForTag } from "../../../common/languages.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import { checkpointAfterDeletion, type Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { deleteMailTo, enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { accountDeletedMail, accountDeletionMail, mailLook } from "../../mail/templates.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { forgetAccountsTelemetry } from "../../telemetry/store.ts";
import { deleteCodesOfAccount } from "../access-link/sign-in-codes.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import { accountEmail, deleteAccountRow, deleteDevicesAndLicensesOf, existingAccountForMail, requireAccount } from "../kernel/accounts.ts";
import { type AuditSource, deleteAccountsTrail, recordAuditEvent } from "../kernel/audit-trail.ts";
import { type Caller, clearCookie } from "../kernel/caller.ts";
import { forgetOriginsOf } from "../kernel/known-origins.ts";
import { deleteTokensOf, issueToken, PURPOSES, peekToken, spendToken } from "../kernel/one-time-tokens.ts";
import { enforceLimits, forgetCountersNaming } from "../kernel/rate-limit.ts";
import { isSessionOf } from "../kernel/session-store.ts";
import { readSessionId } from "../kernel/sessions.ts";
import { endEverySignIn } from "../kernel/sign-out.ts";
import { deleteLoginsOf } from "../social/external-logins.ts";
import { deleteChangesOf } from "./email-change/shared.ts";

/**
 * Deleting an account (docs/decisions/0056-account-deletion.md): the customer asks from the
 * account page, confirms with the link mailed to the account's address, and the account and
 * everything about it go in one transaction; the operator's `remove` is the same deletion. What
 * is kept is a record that a deletion happened, naming nobody, and the goodbye mail until it is
 * delivered. Once committed, a checkpoint takes the deleted rows out of SQLite's WAL too.
 */

/**
 * Mails a deletion link to the signed-in account's own address, in the brand it asked from: the
 * link, the trail's record and the mail are written together. Limited per account, as every mail
 * an account can make the server send.
 */
export async function requestAccountDeletion(db: Db, config: Config, caller: Caller, accountId: string, productId: number): Promise<void> {
  await enforceLimits(db, config, [["accountDeletionMailPerAccount", accountId]], "account deletion emails were requested");
  const brand = brandForProduct(productId);
  await db.transaction().execute(async (tx) => {
    const account = await accountEmail(tx, accountId);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    const token = await issueToken(tx, PURPOSES.accountDeletion, {
      accountId,
      productId: brand.productId,
      returnUrl: null,
      lifetimeMs: config.accountDeletionLinkLifetimeMs,
    });
    await recordAuditEvent(tx, { event: "account_deletion_requested", accountId, brand: brand.id }, { caller });
    const link = `${config.publicUrl}${brand.paths.deleteAccount}?token=${token}`;
    const mail = accountDeletionMail(mailLook(brand, config.publicUrl, caller.language), link, config.accountDeletionLinkLifetimeMs);
    await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), account.email, mail);
  });
}

/** Every request that presents a deletion link is limited per address: each checks a secret. */
async function limitDeletionLinkChecks(db: Db, config: Config, caller: Caller): Promise<void> {
  await enforceLimits(db, config, [["accountDeletionLinkPerIp", caller.address]], "account deletion attempts");
}

/** Whether a deletion link would still delete, spending nothing: answers the email of the account it names. */
export async function checkAccountDeletion(db: Db, config: Config, caller: Caller, token: string): Promise<{ email: string }> {
  await limitDeletionLinkChecks(db, config, caller);
  const { accountId } = await peekToken(db, PURPOSES.accountDeletion, token);
  const account = await accountEmail(db, accountId);
  if (!account) throw new AppError(PURPOSES.accountDeletion.unknown);
  return { email: account.email };
}

/**
 * "Keep My Account": spends the link without deleting anything, so a mail left in the inbox can
 * no longer delete the account. Limited like every use of a link.
 */
export async function keepAccount(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await limitDeletionLinkChecks(db, config, caller);
  await spendToken(db, PURPOSES.accountDeletion, token);
}

/**
 * Spends a deletion link and deletes its account, in one transaction. No session is needed: the
 * link, delivered to the account's address, is the proof (the customer may open it on a phone).
 * A browser signed in as that account loses its session cookie too.
 */
export async function deleteAccountByLink(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await limitDeletionLinkChecks(db, config, caller);
  const here = readSessionId(caller, config);
  const signedOutHere = await db.transaction().execute(async (tx) => {
    const { accountId, productId } = await spendToken(tx, PURPOSES.accountDeletion, token);
    const signedInHere = here !== undefined && (await isSessionOf(tx, hashSecret(here), accountId));
    await deleteAccount(tx, config, accountId, brandForProduct(productId), { anonymous: true });
    return signedInHere;
  });
  await checkpointAfterDeletion(db);
  if (signedOutHere) clearCookie(caller, config, "session");
}

/**
 * The operator's `remove`: the same deletion, its goodbye mail in the account's brand
 * (account-brand.ts), its record naming the operator.
 */
export async function removeAccount(db: Db, config: Config, email: string, source: AuditSource): Promise<void> {
  const account = await requireAccount(db, email);
  const brand = await accountBrand(db, account.id);
  await db.transaction().execute((tx) => deleteAccount(tx, config, account.id, brand, source));
  await checkpointAfterDeletion(db);
}

/**
 * Everything the server holds about one account, deleted or made anonymous, inside the caller's
 * transaction; then the record that a deletion happened and the goodbye mail. A table not named
 * here holds nothing that names an account (test/auth/account/account-deletion.test.ts searches them all).
 */
async function deleteAccount(tx: Kysely<Database>, config: Config, accountId: string, brand: Brand, source: AuditSource): Promise<void> {
  const account = await existingAccountForMail(tx, accountId);

  // Every browser session, and every grant, token, code and provider session of every app.
  await endEverySignIn(tx, accountId);

  // Links and codes not yet used, and the spent ones kept to say so.
  await deleteCodesOfAccount(tx, accountId);
  await deleteTokensOf(tx, accountId);

  // Its computers and their settings, its licenses, its Google logins, the browsers and networks it signed in from.
  await deleteDevicesAndLicensesOf(tx, accountId);
  await deleteLoginsOf(tx, accountId);
  await forgetOriginsOf(tx, accountId);
  // Its email changes, asked for or made: they hold its addresses, old and new.
  await deleteChangesOf(tx, accountId);

  // Counters kept under the account or its email: left, they would still tell of it for a window.
  await forgetCountersNaming(tx, accountId, account.email);

  // Telemetry keeps its counts, no longer anyone's.
  await forgetAccountsTelemetry(tx, accountId);

  // The trail goes with the account; what stays is that a deletion happened, naming nobody.
  await deleteAccountsTrail(tx, accountId);
  await deleteAccountRow(tx, accountId);

  // Mail to the address, sent (its recipient is personal) or still waiting (it must not go out
  // now). After the account's row: a request that queued mail for it and committed meanwhile is
  // seen by this statement, and one still running now fails on the account being gone, its mail
  // with it.
  await deleteMailTo(tx, account.email_key);
  await recordAuditEvent(tx, { event: "account_deleted", accountId: null, brand: brand.id }, source);

  await enqueueMail(
    tx,
    config,
    fromHeader(brand.name, config.mailFrom),
    account.email,
    // In the language the account last signed in with: an operator's removal has no browser of the customer's.
    accountDeletedMail(mailLook(brand, config.publicUrl, languageForTag(account.language) ?? DEFAULT_LANGUAGE)),
  );
}
