import type { MyAccount } from "../../../common/api/contract.ts";
import { networkOf } from "../../../common/network.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { accountForPage, licensesWithProducts, setAccountName } from "../kernel/accounts.ts";
import { type AuditSource, accountActivity, PROVIDER_ACTOR, recordAuditEvent } from "../kernel/audit-trail.ts";
import { removePasskeysOf } from "../kernel/passkey-removal.ts";
import { endPendingChanges } from "../kernel/pending-email-change.ts";
import { endEverySignIn } from "../kernel/sign-out.ts";
import { appsByClientId, whereSignedIn } from "../kernel/signed-in-places.ts";
import { passkeyUser } from "../passkey/passkey-user.ts";
import { passkeysOf } from "../passkey/passkeys.ts";
import { loginsOfAccount } from "../social/external-logins.ts";
import { licenseSince } from "./license-since.ts";
import { undeliveredEmail } from "./undelivered-email.ts";

/**
 * The customer's own account, for the account page: who they are, how they sign in, where they
 * are signed in, and what happened lately. Read for the signed-in account only.
 */
export async function myAccount(
  db: Db,
  config: Config,
  accountId: string,
  currentSessionId: string | undefined,
  browserMark?: string,
): Promise<MyAccount | undefined> {
  const account = await accountForPage(db, accountId);
  if (!account) return undefined;
  const [licenses, google, places, activity, passkeys, undelivered] = await Promise.all([
    licensesWithProducts(db, accountId),
    loginsOfAccount(db, accountId),
    whereSignedIn(db, accountId, { idleTimeoutMs: config.sessionIdleTimeoutMs, currentSessionId }),
    accountActivity(db, accountId, { days: 30, limit: 200 }),
    passkeysOf(db, accountId, browserMark),
    undeliveredEmail(db, account.email),
  ]);
  const apps = await appsByClientId(
    db,
    activity.flatMap((entry) => (entry.clientId ? [entry.clientId] : [])),
  );
  return {
    email: account.email,
    name: account.name,
    licenses: licenses.map((row) => ({ product: row.code, state: row.state, since: licenseSince(row) })),
    signInMethods: {
      link: true,
      password: account.password_hash !== null,
      google: google
        .filter((login) => login.provider === "google")
        .map((login) => ({ subject: login.subject, email: login.email, linkedAt: login.createdAt })),
      microsoft: google
        .filter((login) => login.provider === "microsoft")
        .map((login) => ({ subject: login.subject, email: login.email, linkedAt: login.createdAt })),
    },
    // Where each sign-in came from is its network, as the mails say it: the page never gets the address.
    browsers: places.browsers.map((browser) => ({ ...browser, address: browser.address && networkOf(browser.address) })),
    apps: places.apps,
    passkeys,
    passkeyUser: passkeyUser(
      config,
      accountId,
      account,
      passkeys.map((passkey) => passkey.id),
    ),
    undelivered,
    googleSecurity: {
      heldSince: account.google_held_at === null ? null : Number(account.google_held_at),
      changeAskedAt: account.google_change_asked_at === null ? null : Number(account.google_change_asked_at),
    },
    // Who the operator was is support's business; the customer sees that it was support. Each
    // app is named as the customer knows it ("DS One desktop app"), not by its client id.
    activity: activity.map(({ actor, reason: _reason, ...entry }) => ({
      ...entry,
      address: entry.address && networkOf(entry.address),
      app: entry.clientId ? (apps.get(entry.clientId) ?? null) : null,
      // Google's own events (decision 91) name Google in their words: no operator acted.
      byOperator: actor !== null && actor !== PROVIDER_ACTOR.google,
    })),
  };
}

/** Changes the name the account shows; the trail says it changed, not what to. */
export async function renameAccount(db: Db, accountId: string, name: string, source: AuditSource): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await setAccountName(tx, accountId, name);
    await recordAuditEvent(tx, { event: "name_changed", accountId }, source);
  });
}

/**
 * "Sign out everywhere else": every other browser and every app, the passkeys the customer ticked
 * (those added in the last 30 days come ticked) and a pending email change; this browser stays
 * signed in.
 */
export async function signOutEverywhereElse(
  db: Db,
  accountId: string,
  keepSessionId: string,
  source: AuditSource,
  removePasskeys: readonly string[] = [],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await endEverySignIn(tx, accountId, { keepSessionId });
    await removePasskeysOf(tx, accountId, removePasskeys, source, hashSecret(keepSessionId));
    // A pending email change may be the taker's (decision 78): asked again from here if it was not.
    await endPendingChanges(tx, accountId, "cancelled");
    await recordAuditEvent(tx, { event: "signed_out_everywhere", accountId, reason: "except this browser" }, source);
  });
}
