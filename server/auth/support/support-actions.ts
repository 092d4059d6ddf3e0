import type { Role } from "../../../common/roles.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { addressStanding, clearAddress } from "../../mail/delivery-state.ts";
import { removeAccount } from "../account/account-deletion.ts";
import { requestEmailChange } from "../account/email-change/request.ts";
import { mailClearedReason } from "../account/undelivered-email.ts";
import { clearGoogleHold } from "../google/risc.ts";
import { sendAccessLinkFromSupport } from "../kernel/access-link-mail.ts";
import { accountBrand } from "../kernel/account-brand.ts";
import { customerById, setAccountDisabled, setAccountRole } from "../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../kernel/audit-trail.ts";
import { countersNaming, forgetCountersNaming } from "../kernel/rate-limit.ts";
import { endEverySignIn, signOutEverywhere } from "../kernel/sign-out.ts";
import { signOutApp, signOutBrowser } from "../kernel/signed-in-places.ts";
import { removePasskey } from "../passkey/passkeys.ts";
import { unlinkAccountLogin } from "../social/external-logins.ts";
import { type Agent, agentSource } from "./support-console.ts";

/**
 * What a support agent can do for a customer from the console (docs/decisions/0058). Each action
 * takes the agent's reason and goes to the customer's trail with it and the agent's account id,
 * in the action's own transaction. An agent never acts on their own account (nor so raises their
 * own role); deleting and changing roles are an admin's.
 */

/**
 * Refuses an action the agent may not take on this account: their own, an admin's action without
 * the role, or any action on an account that has a role (another agent, an admin): support acts on
 * customers, and only an admin acts on the team, so a stolen agent session cannot sign out or
 * disable the people who would stop it.
 */
async function customerFor(db: Db, agent: Agent, accountId: string, { adminOnly = false } = {}) {
  if (adminOnly && agent.role !== "admin") throw new AppError("ADMIN_ACTION_ONLY");
  if (accountId === agent.accountId) throw new AppError("OWN_ACCOUNT");
  const account = await customerById(db, accountId);
  if (!account) throw new AppError("NOT_FOUND", "There is no such customer.");
  if (account.role !== null && agent.role !== "admin") throw new AppError("ADMIN_ACTION_ONLY");
  return account;
}

/** A fresh access link to the customer's own address; the agent never sees it. */
export async function sendFreshLink(db: Db, config: Config, agent: Agent, accountId: string, productId: number, reason: string) {
  await customerFor(db, agent, accountId);
  await sendAccessLinkFromSupport(db, config, accountId, productId, agentSource(agent, reason));
}

/** Starts an email change for the customer: the new address confirms it; the old one is told. */
export async function changeCustomerEmail(db: Db, config: Config, agent: Agent, accountId: string, newEmail: string, reason: string) {
  await customerFor(db, agent, accountId);
  const brand = await accountBrand(db, accountId);
  await requestEmailChange(db, config, { kind: "staff", source: agentSource(agent, reason), brand }, accountId, newEmail);
}

export async function signOutCustomerBrowser(db: Db, agent: Agent, accountId: string, ref: string, reason: string) {
  await customerFor(db, agent, accountId);
  if (!(await signOutBrowser(db, accountId, ref, agentSource(agent, reason))))
    throw new AppError("NOT_FOUND", "That browser is no longer signed in.");
}

export async function signOutCustomerApp(db: Db, agent: Agent, accountId: string, clientId: string, reason: string) {
  await customerFor(db, agent, accountId);
  if (!(await signOutApp(db, accountId, clientId, agentSource(agent, reason))))
    throw new AppError("NOT_FOUND", "That app is no longer signed in.");
}

/**
 * Every browser and every app, desktop agents included (decision 52), and the passkeys the agent
 * ticked (the console ticks those added in the last 30 days, decision 65).
 */
export async function signOutCustomerEverywhere(
  db: Db,
  agent: Agent,
  accountId: string,
  reason: string,
  removePasskeys: readonly string[] = [],
) {
  await customerFor(db, agent, accountId);
  await signOutEverywhere(db, accountId, agentSource(agent, reason), removePasskeys);
}

/** One of the customer's passkeys, say one the customer did not add. */
export async function removeCustomerPasskey(db: Db, agent: Agent, accountId: string, passkeyId: string, reason: string) {
  await customerFor(db, agent, accountId);
  if (!(await removePasskey(db, accountId, passkeyId, agentSource(agent, reason)))) {
    throw new AppError("NOT_FOUND", "That passkey is no longer on this account.");
  }
}

/**
 * Clears the counters kept under the customer and their email: a password lockout, the mail
 * allowances. Those of an address (anyone's behind it) stay. Answers how many were cleared.
 */
export async function clearCustomerLimits(db: Db, agent: Agent, accountId: string, reason: string): Promise<number> {
  const account = await customerFor(db, agent, accountId);
  return db.transaction().execute(async (tx) => {
    const cleared = (await countersNaming(tx, accountId, account.email)).length;
    await forgetCountersNaming(tx, accountId, account.email);
    await recordAuditEvent(tx, { event: "rate_limits_cleared", accountId }, agentSource(agent, reason));
    return cleared;
  });
}

/**
 * Lets mail go to the customer's address again (docs/decisions/0087): its bounce and its complaint
 * forgotten, the trail told which with the agent's reason. An address that neither bounced nor
 * complained is left as it is, and nothing is recorded. Answers what was cleared.
 */
export async function clearCustomerMail(db: Db, agent: Agent, accountId: string, reason: string) {
  const account = await customerFor(db, agent, accountId);
  return db.transaction().execute(async (tx) => {
    const before = await addressStanding(tx, account.email);
    const cleared = await clearAddress(tx, account.email);
    const what = mailClearedReason(before, cleared);
    if (what) await recordAuditEvent(tx, { event: "mail_cleared", accountId, reason: what }, agentSource(agent, reason));
    return cleared;
  });
}

/**
 * Lets Google sign the customer in again after Google said their Google account was hijacked
 * (decision 91): for a customer who has secured it with Google and has no password or passkey.
 * Answers whether there was a hold to clear.
 */
export async function clearCustomerGoogleHold(db: Db, agent: Agent, accountId: string, reason: string): Promise<boolean> {
  await customerFor(db, agent, accountId);
  return clearGoogleHold(db, accountId, agentSource(agent, reason));
}

/** Support may unlink the last way in besides the emailed link: a lost Google account is the case. */
export async function unlinkCustomerGoogle(db: Db, config: Config, agent: Agent, accountId: string, subject: string, reason: string) {
  await unlinkCustomerLogin(db, config, agent, accountId, { provider: "google", subject }, reason);
}

/** The same for a Microsoft login: a lost Microsoft account, or one linked that should not be. */
export async function unlinkCustomerLogin(
  db: Db,
  config: Config,
  agent: Agent,
  accountId: string,
  login: { provider: "google" | "microsoft"; subject: string },
  reason: string,
) {
  await customerFor(db, agent, accountId);
  if ((await unlinkAccountLogin(db, config, accountId, login, agentSource(agent, reason))) === "not linked") {
    const name = login.provider === "microsoft" ? "Microsoft" : "Google";
    throw new AppError("NOT_FOUND", `That ${name} login is not linked to this account.`);
  }
}

/**
 * Disables the account (no way in works, server/auth/kernel/account-status.ts; every browser and app is
 * signed out in the same transaction) or enables it again.
 */
export async function setCustomerDisabled(db: Db, agent: Agent, accountId: string, disabled: boolean, reason: string) {
  await customerFor(db, agent, accountId);
  await setDisabled(db, accountId, disabled, agentSource(agent, reason));
}

/** Disabling or enabling itself, for the console and the operator CLI alike. */
export async function setDisabled(db: Db, accountId: string, disabled: boolean, source: AuditSource): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await setAccountDisabled(tx, accountId, disabled);
    if (disabled) await endEverySignIn(tx, accountId);
    await recordAuditEvent(tx, { event: disabled ? "account_disabled" : "account_enabled", accountId }, source);
  });
}

/** An admin's: the same deletion as the customer's own; the record that stays names the agent. */
export async function deleteCustomer(db: Db, config: Config, agent: Agent, accountId: string, reason: string) {
  const account = await customerFor(db, agent, accountId, { adminOnly: true });
  await removeAccount(db, config, account.email, agentSource(agent, reason));
}

/** An admin's: gives or takes a console role. */
export async function setCustomerRole(db: Db, agent: Agent, accountId: string, role: Role | null, reason: string) {
  await customerFor(db, agent, accountId, { adminOnly: true });
  await setRole(db, accountId, role, agentSource(agent, reason));
}

/** Giving or taking a role itself, for the console and the operator CLI alike. */
export async function setRole(db: Db, accountId: string, role: Role | null, source: AuditSource): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await setAccountRole(tx, accountId, role);
    await recordAuditEvent(tx, { event: "role_changed", accountId, reason: `role: ${role ?? "customer"}` }, source);
  });
}
