import { userInfo } from "node:os";
import type { parseArgs } from "node:util";
import { PRODUCTS } from "../../common/products.ts";
import { isRole, ROLES, type Role } from "../../common/roles.ts";
import { removeAccount } from "../auth/account/account-deletion.ts";
import { exportAccount } from "../auth/account/account-export.ts";
import { changeEmailByOperator } from "../auth/account/email-change/by-operator.ts";
import { accountChangingTo } from "../auth/account/email-change/shared.ts";
import { clearGoogleHold } from "../auth/google/risc.ts";
import { byHand, registerReceiver } from "../auth/google/risc-registration.ts";
import {
  AccountInputError,
  type AccountSummary,
  accountById,
  createAccount,
  googleSignals,
  linkDevice,
  listAccounts,
  requireAccount,
  setLicense,
  showAccount,
} from "../auth/kernel/accounts.ts";
import { accountActivity, recordAuditEvent } from "../auth/kernel/audit-trail.ts";
import { signAccountOutEverywhere } from "../auth/kernel/sign-out.ts";
import { signOutApp, signOutBrowser, whereSignedIn } from "../auth/kernel/signed-in-places.ts";
import { linkedLogins, unlinkLogin } from "../auth/social/external-logins.ts";
import { setDisabled, setRole } from "../auth/support/support-actions.ts";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import {
  type AddressStanding,
  addressStanding,
  clearAddress,
  clearBounce,
  lastMailsTo,
  type MailRecord,
  mailReference,
} from "../mail/delivery-state.ts";

/** The operator CLI's account commands (server/cli.ts reads the command line and runs them). */
export const ACCOUNT_USAGE = `  create --email E [--password P] [--product ${Object.keys(PRODUCTS).join("|")}] [--name N] [--role support|admin]
  show --email E                                the account, and its address's mail: bounced or complained, its last mails
  list
  license --email E --product P --state Active|Trial|Expired|none
  link-device --email E --product P --uuid U
  activity --email E [--days N]                 the account's security trail, newest first (30 days by default)
  sessions --email E                            where the account is signed in: browsers and apps
  export --email E                              everything held about the account, as JSON (nothing secret)
  sign-out --email E (--session REF | --app CLIENT_ID)
                                                ends one browser's session, or one app's grant and tokens
  sign-out-everywhere --email E                 ends every browser session and every app's sign-in
  change-email --email E --to NEW [--reason R] [--without-confirmation]
                                                mails NEW a link that makes it the account's email, and
                                                tells E; --without-confirmation changes it at once
  remove --email E                              deletes the account and everything held about it, as the
                                                customer's own deletion does; mails the address goodbye
  role --email E --role support|admin|none [--reason R]
                                                gives or takes a support console role (/admin/support)
  disable --email E [--reason R]                no way in works, every browser and app is signed out
  enable --email E [--reason R]                 undoes disable
  logins --email E                              the Google and Microsoft logins linked to the account
  unlink-login --email E --provider google|microsoft --subject S
                                                removes one; the next Google sign-in links by email again
  mail-clear --email E --reason R               lets mail go to the address again after it bounced or complained
                                                (an account's, or the one an account asked to change its email to)
  google-hold-clear --email E --reason R        lets Google sign the account in again after Google said its
                                                Google account was hijacked
  google-risc-register [--service-account KEY.json]
                                                registers PUBLIC_URL/google/risc with Google's Cross-Account
                                                Protection; without a key, prints how to do it by hand`;

export const ACCOUNT_OPTIONS = {
  email: { type: "string" },
  password: { type: "string" },
  product: { type: "string" },
  name: { type: "string" },
  admin: { type: "boolean" },
  role: { type: "string" },
  reason: { type: "string" },
  state: { type: "string" },
  uuid: { type: "string" },
  provider: { type: "string" },
  subject: { type: "string" },
  days: { type: "string" },
  session: { type: "string" },
  app: { type: "string" },
  to: { type: "string" },
  "without-confirmation": { type: "boolean" },
  "service-account": { type: "string" },
} as const;

type AccountValues = ReturnType<typeof parseArgs<{ options: typeof ACCOUNT_OPTIONS; allowPositionals: true }>>["values"];

/** A command line the CLI cannot run: it prints the usage with it. */
export class UsageError extends Error {}

/** One command as it runs: the database, the settings, its name and its options. */
interface Command {
  db: Db;
  config: Config;
  name: string;
  values: AccountValues;
}

/** Who the security trail names for the CLI's actions: the operating-system user running it. */
const OPERATOR = { operator: `cli:${safeUserName()}` };

/** The operator, with the reason given with --reason (the trail keeps it). */
function operatorWith(reason: string | undefined): { operator: string; reason?: string } {
  return reason ? { ...OPERATOR, reason } : OPERATOR;
}

function safeUserName(): string {
  try {
    return userInfo().username || "unknown";
  } catch {
    return "unknown";
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === "") throw new UsageError(`missing --${flag}`);
  return value;
}

/** --role: a console role, or "none" for a customer (only where taking a role away makes sense). */
function roleOption(value: string): Role {
  if (!isRole(value)) throw new UsageError(`--role must be ${ROLES.join(" or ")}`);
  return value;
}

/** The account --email names, or AccountInputError saying there is none. */
async function namedAccount({ db, values }: Command): Promise<{ email: string; found: AccountSummary }> {
  const email = required(values.email, "email");
  const found = await showAccount(db, email);
  if (!found) throw new AccountInputError(`no account for ${email}`);
  return { email, found };
}

const isoTime = (at: number) => new Date(at).toISOString();

function formatAccount(account: AccountSummary): string {
  const licenses = account.licenses.map((license) => `${license.product}:${license.state}`).join(", ") || "none";
  const devices = account.devices.map((device) => `${device.uuid} (${device.product})`).join(", ") || "none";
  return [
    `email:     ${account.email}`,
    `name:      ${account.name || "(none)"}`,
    `password:  ${account.hasPassword ? "set" : "not set"}`,
    `role:      ${account.role ?? "customer"}`,
    `disabled:  ${account.disabled ? "yes" : "no"}`,
    `licenses:  ${licenses}`,
    `devices:   ${devices}`,
  ].join("\n");
}

// The account, its licenses and its devices.

async function create({ db, values }: Command): Promise<string> {
  const account = await createAccount(db, {
    email: required(values.email, "email"),
    ...(values.password !== undefined ? { password: values.password } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.product !== undefined ? { product: values.product as never } : {}),
    ...(values.admin === true ? { role: "admin" as const } : values.role !== undefined ? { role: roleOption(values.role) } : {}),
  });
  return `created\n${formatAccount(account)}`;
}

async function show(command: Command): Promise<string> {
  const { found } = await namedAccount(command);
  const standing = await addressStanding(command.db, found.email);
  const mails = await lastMailsTo(command.db, found.email);
  const google = (await googleSignals(command.db, found.id)) ?? { google_held_at: null, google_change_asked_at: null };
  return [formatAccount(found), ...formatGoogleSignals(google), ...formatMailStanding(standing), ...formatLastMails(mails)].join("\n");
}

/** What Google told us of the account's Google account (decision 91), when it told anything. */
function formatGoogleSignals(row: { google_held_at: number | null; google_change_asked_at: number | null }): string[] {
  return [
    row.google_held_at === null
      ? undefined
      : `google:    sign-in held since ${isoTime(Number(row.google_held_at))} (Google said it was hijacked); google-hold-clear ends it`,
    row.google_change_asked_at === null
      ? undefined
      : `google:    Google asked for a password change ${isoTime(Number(row.google_change_asked_at))}`,
  ].filter((line) => line !== undefined);
}

// Its address's mail: what the relay and the mailbox said, and clearing it.

/** What the address's mailbox said (delivery-state.ts): bounced, complained, or neither. */
function formatMailStanding({ bounced, complainedAt }: AddressStanding): string[] {
  const lines: string[] = [];
  if (bounced) {
    const said = [bounced.code, bounced.words && `"${bounced.words}"`].filter(Boolean).join(" ");
    const mail = bounced.mailId ? `, mail ${mailReference(bounced.mailId)}` : "";
    lines.push(
      `mail:      bounced ${isoTime(bounced.at)} (${bounced.reason}${mail})${said ? `: ${said}` : ""}; no mail goes until cleared`,
    );
  }
  if (complainedAt !== null)
    lines.push(`mail:      complained ${isoTime(complainedAt)} (marked a mail as spam); no notices go until cleared`);
  return lines.length > 0 ? lines : ["mail:      fine (no bounce, no complaint)"];
}

/** The address's last mails, newest first: reference, kind, when queued, what became of it, the code said. */
function formatLastMails(mails: MailRecord[]): string[] {
  if (mails.length === 0) return ["last mails: none"];
  return [
    "last mails:",
    ...mails.map((mail) =>
      ["", mail.reference, (mail.kind ?? "-").padEnd(22), isoTime(mail.queuedAt), mail.state.padEnd(10), mail.code ?? ""]
        .join("  ")
        .trimEnd(),
    ),
  ];
}

/**
 * mail-clear: the address gets mail again (clearAddress), with the operator's reason and what was
 * cleared in the trail, written in the same transaction. An address that neither bounced nor
 * complained is left as it is, and the trail is not written. An address no account has yet, which
 * an account asked to change its email to (its confirmation link bounced), has its bounce cleared
 * in that account's name, so the customer can ask again; a complaint there is its owner's, and stays.
 */
async function mailClear(command: Command): Promise<string> {
  const email = required(command.values.email, "email");
  const reason = required(command.values.reason, "reason");
  const holder = await mailHolder(command.db, email);
  const cleared = await command.db.transaction().execute(async (tx) => {
    const { bounced, complainedAt } = await addressStanding(tx, holder.address);
    // A complaint at an address nobody has is its owner's "this is spam" at a mail another
    // account asked for: it stays, and only the bounce goes.
    const done = holder.changingTo
      ? { bounced: await clearBounce(tx, holder.address), complained: false }
      : await clearAddress(tx, holder.address);
    const what = [
      done.bounced && bounced ? { trail: `bounce${bounced.code ? ` ${bounced.code}` : ""}`, at: bounced.at } : undefined,
      done.complained && complainedAt !== null ? { trail: "complaint", at: complainedAt } : undefined,
    ].filter((part) => part !== undefined);
    if (what.length > 0) {
      const entry = {
        event: "mail_cleared" as const,
        accountId: holder.accountId,
        reason: `cleared: ${what.map((part) => part.trail).join(", ")}${holder.changingTo ? ` of ${holder.address}, the address asked for` : ""}`,
      };
      await recordAuditEvent(tx, entry, operatorWith(reason));
    }
    return what;
  });
  const whose = holder.changingTo ? ` (${holder.changingTo} asked to change its email to it)` : "";
  const held = holder.changingTo ? "had not bounced" : "had neither bounced nor drawn a complaint";
  if (cleared.length === 0) return `nothing to clear: mail to ${holder.address}${whose} ${held}`;
  return `mail to ${holder.address}${whose} goes again; cleared: ${cleared.map((part) => `${part.trail} of ${isoTime(part.at)}`).join(", ")}`;
}

/** Whose matter an address's mail is: the account that has it, else the account that last asked to change to it. */
async function mailHolder(db: Db, email: string): Promise<{ address: string; accountId: string; changingTo?: string }> {
  const found = await showAccount(db, email);
  if (found) return { address: found.email, accountId: found.id };
  const accountId = await accountChangingTo(db, email);
  const asking = accountId ? await accountById(db, accountId) : undefined;
  if (!accountId || !asking) throw new AccountInputError(`no account for ${email}, and none asked to change its email to it`);
  return { address: email.trim(), accountId, changingTo: asking.email };
}

async function list({ db }: Command): Promise<string> {
  const accounts = await listAccounts(db);
  if (accounts.length === 0) return "no accounts";
  return accounts
    .map((account) => `${account.email.padEnd(36)} ${account.licenses.map((l) => `${l.product}:${l.state}`).join(", ") || "no license"}`)
    .join("\n");
}

async function license({ db, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  await setLicense(db, email, required(values.product, "product"), required(values.state, "state"), OPERATOR);
  return `license of ${email} for ${values.product} is now ${values.state}`;
}

async function linkDeviceCommand({ db, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  await linkDevice(db, email, required(values.product, "product"), required(values.uuid, "uuid"), OPERATOR);
  return `device ${values.uuid} is linked to ${email} for ${values.product}`;
}

// The Google and Microsoft logins linked to it.

async function logins(command: Command): Promise<string> {
  const { email } = await namedAccount(command);
  const linked = await linkedLogins(command.db, email);
  if (linked.length === 0) return `no linked logins for ${email}`;
  return linked
    .map(
      (login) =>
        `${login.provider} ${login.subject}  ${login.email}${login.tenantId ? `  tenant ${login.tenantId}` : ""}  linked ${isoTime(login.createdAt)}, last used ${isoTime(login.lastUsedAt)}`,
    )
    .join("\n");
}

async function unlinkLoginCommand({ db, config, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  const provider = required(values.provider, "provider");
  const subject = required(values.subject, "subject");
  await unlinkLogin(db, config, email, provider, subject, OPERATOR);
  return `the ${provider} login ${subject} is no longer linked to ${email}`;
}

// What is held about it: the trail, the export.

async function activity(command: Command): Promise<string> {
  const { email, found } = await namedAccount(command);
  const { values } = command;
  const days = values.days === undefined ? 30 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError("--days must be a whole number of days (1-3650)");
  const entries = await accountActivity(command.db, found.id, { days, limit: 1000 });
  if (entries.length === 0) return `no activity for ${email} in the last ${days} days`;
  return entries
    .map((entry) =>
      [
        isoTime(entry.at),
        entry.event,
        entry.method,
        entry.brand,
        entry.address,
        entry.device,
        entry.actor && `by ${entry.actor}`,
        entry.reason && `(${entry.reason})`,
      ]
        .filter(Boolean)
        .join("  "),
    )
    .join("\n");
}

async function exportCommand(command: Command): Promise<string> {
  const { found } = await namedAccount(command);
  const data = await exportAccount(command.db, found.id);
  await recordAuditEvent(command.db, { event: "data_exported", accountId: found.id }, OPERATOR);
  return JSON.stringify(data, null, 2);
}

// Where it is signed in, and signing it out.

async function sessions(command: Command): Promise<string> {
  const { email, found } = await namedAccount(command);
  const { browsers, apps } = await whereSignedIn(command.db, found.id, { idleTimeoutMs: command.config.sessionIdleTimeoutMs });
  const lines = [
    ...browsers.map(
      (browser) =>
        `browser ${browser.ref}  ${browser.device ?? "an unknown browser"}  ${browser.address ?? ""}  signed in ${isoTime(browser.signedInAt)}, last used ${isoTime(browser.lastSeenAt)}`,
    ),
    ...apps.map((app) => `app     ${app.clientId}  ${app.brand ?? ""}  since ${isoTime(app.since)}`),
  ];
  return lines.length > 0 ? lines.join("\n") : `${email} is signed in nowhere`;
}

async function signOut(command: Command): Promise<string> {
  const { email, found } = await namedAccount(command);
  const { db, values } = command;
  if ((values.session === undefined) === (values.app === undefined)) throw new UsageError("give one of --session REF or --app CLIENT_ID");
  if (values.session !== undefined) {
    if (!(await signOutBrowser(db, found.id, values.session, OPERATOR)))
      throw new AccountInputError(`${email} has no session ${values.session}`);
    return `that browser of ${email} is signed out`;
  }
  const app = values.app as string;
  if (!(await signOutApp(db, found.id, app, OPERATOR))) throw new AccountInputError(`${email} is not signed in to ${app}`);
  return `${email} is signed out of ${app}`;
}

async function signOutEverywhere({ db, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  await signAccountOutEverywhere(db, email, OPERATOR);
  return `${email} is signed out of every browser and every app`;
}

// Changing it: its email, its role, whether it works, whether it exists.

async function changeEmail({ db, config, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  const to = required(values.to, "to");
  const now = values["without-confirmation"] === true;
  await changeEmailByOperator(db, config, email, to, operatorWith(values.reason), { withoutConfirmation: now });
  return now
    ? `${email} is now ${to.trim()}; every other browser and app is signed out, and ${email} was mailed an undo link`
    : `${to.trim()} was mailed a link to confirm it; ${email} was told. Nothing changes until the link is used`;
}

async function remove({ db, config, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  await removeAccount(db, config, email, OPERATOR);
  return `the account ${email} is removed`;
}

async function role({ db, values }: Command): Promise<string> {
  const email = required(values.email, "email");
  const given = required(values.role, "role");
  const account = await requireAccount(db, email);
  await setRole(db, account.id, given === "none" ? null : roleOption(given), operatorWith(values.reason));
  return given === "none" ? `${account.email} is a customer, with no console role` : `${account.email} is now ${given}`;
}

async function disableOrEnable({ db, name, values }: Command): Promise<string> {
  const account = await requireAccount(db, required(values.email, "email"));
  await setDisabled(db, account.id, name === "disable", operatorWith(values.reason));
  return name === "disable"
    ? `${account.email} is disabled: no way in works, and every browser and app is signed out`
    : `${account.email} is enabled again`;
}

// Google's Cross-Account Protection (decision 91).

async function googleHoldClear(command: Command): Promise<string> {
  required(command.values.email, "email");
  const reason = required(command.values.reason, "reason");
  const { email, found } = await namedAccount(command);
  return (await clearGoogleHold(command.db, found.id, operatorWith(reason)))
    ? `Google signs ${email} in again`
    : `Google sign-in was not held for ${email}`;
}

async function googleRiscRegister({ config, values }: Command): Promise<string> {
  if (!config.google || config.google.standIn) {
    throw new AccountInputError("Google sign-in is not configured (GOOGLE_CLIENT_ID): there is nothing to register");
  }
  const instructions = byHand(config.publicUrl, config.google.clientId);
  const keyFile = values["service-account"];
  if (keyFile === undefined) return instructions;
  try {
    return await registerReceiver(config.publicUrl, keyFile, { timeoutMs: config.google.timeoutMs });
  } catch (error) {
    throw new AccountInputError(`${error instanceof Error ? error.message : String(error)}\n\n${instructions}`);
  }
}

const COMMANDS: Record<string, (command: Command) => Promise<string>> = {
  create,
  show,
  list,
  license,
  logins,
  "unlink-login": unlinkLoginCommand,
  "link-device": linkDeviceCommand,
  activity,
  export: exportCommand,
  sessions,
  "sign-out": signOut,
  "sign-out-everywhere": signOutEverywhere,
  "change-email": changeEmail,
  remove,
  role,
  disable: disableOrEnable,
  enable: disableOrEnable,
  "mail-clear": mailClear,
  "google-hold-clear": googleHoldClear,
  "google-risc-register": googleRiscRegister,
};

export async function runAccountCommand(db: Db, config: Config, name: string | undefined, values: AccountValues): Promise<string> {
  const run = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!name || !run) throw new UsageError(name ? `unknown command "${name}"` : "no command given");
  return run({ db, config, name, values });
}
