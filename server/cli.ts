import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { PRODUCTS } from "../common/products.ts";
import { isRole, ROLES, type Role } from "../common/roles.ts";
import { removeAccount } from "./auth/account/account-deletion.ts";
import { exportAccount } from "./auth/account/account-export.ts";
import { changeEmailByOperator } from "./auth/account/email-change/by-operator.ts";
import { linkedLogins, unlinkLogin } from "./auth/google/external-logins.ts";
import {
  AccountInputError,
  type AccountSummary,
  createAccount,
  linkDevice,
  listAccounts,
  requireAccount,
  setLicense,
  showAccount,
  signAccountOutEverywhere,
} from "./auth/kernel/accounts.ts";
import { accountActivity, recordAuditEvent } from "./auth/kernel/audit-trail.ts";
import { signOutApp, signOutBrowser, whereSignedIn } from "./auth/kernel/signed-in-places.ts";
import { setDisabled, setRole } from "./auth/support/support-actions.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Db, openDatabase } from "./db/database.ts";
import { AppError } from "./errors.ts";
import { OIDC_OPTIONS, OIDC_USAGE, runOidcCommand } from "./oidc/cli-commands.ts";
import { ClientInputError, clientChecks } from "./oidc/clients.ts";

/**
 * The operator CLI: `npm run account -- <command>`. It reads the same configuration as the server
 * (DATABASE_URL above all) and never prints a password hash or a token.
 */
const USAGE = `Usage: npm run account -- <command> [options]

Commands:
  create --email E [--password P] [--product ${Object.keys(PRODUCTS).join("|")}] [--name N] [--role support|admin]
  show --email E
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
  logins --email E                              the Google logins linked to the account
  unlink-login --email E --provider google --subject S
                                                removes one; the next Google sign-in links by email again
${OIDC_USAGE}

Reads DATABASE_URL like the server does (default file:./data/account.db).`;

class UsageError extends Error {}

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

const OPTIONS = {
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
  help: { type: "boolean", short: "h" },
  ...OIDC_OPTIONS,
} as const;

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === "") throw new UsageError(`missing --${flag}`);
  return value;
}

/** --role: a console role, or "none" for a customer (only where taking a role away makes sense). */
function roleOption(value: string): Role {
  if (!isRole(value)) throw new UsageError(`--role must be ${ROLES.join(" or ")}`);
  return value;
}

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

async function run(
  db: Db,
  config: Config,
  command: string | undefined,
  values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"],
): Promise<string> {
  switch (command) {
    case "create": {
      const account = await createAccount(db, {
        email: required(values.email, "email"),
        ...(values.password !== undefined ? { password: values.password } : {}),
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.product !== undefined ? { product: values.product as never } : {}),
        ...(values.admin === true ? { role: "admin" as const } : values.role !== undefined ? { role: roleOption(values.role) } : {}),
      });
      return `created\n${formatAccount(account)}`;
    }
    case "show": {
      const email = required(values.email, "email");
      const account = await showAccount(db, email);
      if (!account) throw new AccountInputError(`no account for ${email}`);
      return formatAccount(account);
    }
    case "list": {
      const accounts = await listAccounts(db);
      if (accounts.length === 0) return "no accounts";
      return accounts
        .map(
          (account) => `${account.email.padEnd(36)} ${account.licenses.map((l) => `${l.product}:${l.state}`).join(", ") || "no license"}`,
        )
        .join("\n");
    }
    case "license": {
      const email = required(values.email, "email");
      await setLicense(db, email, required(values.product, "product"), required(values.state, "state"), OPERATOR);
      return `license of ${email} for ${values.product} is now ${values.state}`;
    }
    case "logins": {
      const email = required(values.email, "email");
      if (!(await showAccount(db, email))) throw new AccountInputError(`no account for ${email}`);
      const logins = await linkedLogins(db, email);
      if (logins.length === 0) return `no linked logins for ${email}`;
      return logins
        .map(
          (login) =>
            `${login.provider} ${login.subject}  ${login.email}  linked ${new Date(login.createdAt).toISOString()}, last used ${new Date(login.lastUsedAt).toISOString()}`,
        )
        .join("\n");
    }
    case "unlink-login": {
      const email = required(values.email, "email");
      const provider = required(values.provider, "provider");
      const subject = required(values.subject, "subject");
      await unlinkLogin(db, config, email, provider, subject, OPERATOR);
      return `the ${provider} login ${subject} is no longer linked to ${email}`;
    }
    case "link-device": {
      const email = required(values.email, "email");
      await linkDevice(db, email, required(values.product, "product"), required(values.uuid, "uuid"), OPERATOR);
      return `device ${values.uuid} is linked to ${email} for ${values.product}`;
    }
    case "activity": {
      const email = required(values.email, "email");
      const found = await showAccount(db, email);
      if (!found) throw new AccountInputError(`no account for ${email}`);
      const days = values.days === undefined ? 30 : Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError("--days must be a whole number of days (1-3650)");
      const entries = await accountActivity(db, found.id, { days, limit: 1000 });
      if (entries.length === 0) return `no activity for ${email} in the last ${days} days`;
      return entries
        .map((entry) =>
          [
            new Date(entry.at).toISOString(),
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
    case "export": {
      const email = required(values.email, "email");
      const found = await showAccount(db, email);
      if (!found) throw new AccountInputError(`no account for ${email}`);
      const data = await exportAccount(db, found.id);
      await recordAuditEvent(db, { event: "data_exported", accountId: found.id }, OPERATOR);
      return JSON.stringify(data, null, 2);
    }
    case "sessions": {
      const email = required(values.email, "email");
      const found = await showAccount(db, email);
      if (!found) throw new AccountInputError(`no account for ${email}`);
      const { browsers, apps } = await whereSignedIn(db, found.id, { idleTimeoutMs: config.sessionIdleTimeoutMs });
      const lines = [
        ...browsers.map(
          (browser) =>
            `browser ${browser.ref}  ${browser.device ?? "an unknown browser"}  ${browser.address ?? ""}  signed in ${new Date(browser.signedInAt).toISOString()}, last used ${new Date(browser.lastSeenAt).toISOString()}`,
        ),
        ...apps.map((app) => `app     ${app.clientId}  ${app.brand ?? ""}  since ${new Date(app.since).toISOString()}`),
      ];
      return lines.length > 0 ? lines.join("\n") : `${email} is signed in nowhere`;
    }
    case "sign-out": {
      const email = required(values.email, "email");
      const found = await showAccount(db, email);
      if (!found) throw new AccountInputError(`no account for ${email}`);
      if ((values.session === undefined) === (values.app === undefined))
        throw new UsageError("give one of --session REF or --app CLIENT_ID");
      if (values.session !== undefined) {
        if (!(await signOutBrowser(db, found.id, values.session, OPERATOR)))
          throw new AccountInputError(`${email} has no session ${values.session}`);
        return `that browser of ${email} is signed out`;
      }
      const app = values.app as string;
      if (!(await signOutApp(db, found.id, app, OPERATOR))) throw new AccountInputError(`${email} is not signed in to ${app}`);
      return `${email} is signed out of ${app}`;
    }
    case "sign-out-everywhere": {
      const email = required(values.email, "email");
      await signAccountOutEverywhere(db, email, OPERATOR);
      return `${email} is signed out of every browser and every app`;
    }
    case "change-email": {
      const email = required(values.email, "email");
      const to = required(values.to, "to");
      const now = values["without-confirmation"] === true;
      await changeEmailByOperator(db, config, email, to, operatorWith(values.reason), { withoutConfirmation: now });
      return now
        ? `${email} is now ${to.trim()}; every other browser and app is signed out, and ${email} was mailed an undo link`
        : `${to.trim()} was mailed a link to confirm it; ${email} was told. Nothing changes until the link is used`;
    }
    case "remove": {
      const email = required(values.email, "email");
      await removeAccount(db, config, email, OPERATOR);
      return `the account ${email} is removed`;
    }
    case "role": {
      const email = required(values.email, "email");
      const role = required(values.role, "role");
      const account = await requireAccount(db, email);
      await setRole(db, account.id, role === "none" ? null : roleOption(role), operatorWith(values.reason));
      return role === "none" ? `${account.email} is a customer, with no console role` : `${account.email} is now ${role}`;
    }
    case "disable":
    case "enable": {
      const account = await requireAccount(db, required(values.email, "email"));
      await setDisabled(db, account.id, command === "disable", operatorWith(values.reason));
      return command === "disable"
        ? `${account.email} is disabled: no way in works, and every browser and app is signed out`
        : `${account.email} is enabled again`;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "no command given");
  }
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${USAGE}`);
    return 64;
  }
  const [command, ...rest] = parsed.positionals;
  // client and keys take an action: `client add`, `keys rotate`.
  const action = command === "client" || command === "keys" ? rest.shift() : undefined;
  const extra = rest;
  if (parsed.values.help || command === "help") {
    console.log(USAGE);
    return 0;
  }
  if (extra.length > 0) {
    console.error(`error: unexpected argument "${extra[0]}"`);
    return 64;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  const { db } = await openDatabase(config.databaseUrl);
  try {
    console.log(
      command === "client" || command === "keys"
        ? await runOidcCommand(db, command, action, parsed.values, clientChecks(config))
        : await run(db, config, command, parsed.values),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
      return 64;
    }
    if (error instanceof AccountInputError || error instanceof ClientInputError || error instanceof AppError) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
