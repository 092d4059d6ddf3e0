import { parseArgs } from "node:util";
import { AccountInputError } from "./auth/kernel/accounts.ts";
import { ConfigError, loadConfig } from "./base/config.ts";
import { AppError } from "./base/errors.ts";
import { openDatabase } from "./db/database.ts";
import { capLogoutQueue } from "./db/logout-deliveries.ts";
import { ACCOUNT_OPTIONS, ACCOUNT_USAGE, runAccountCommand, UsageError } from "./operator/account-commands.ts";
import { OIDC_OPTIONS, OIDC_USAGE, runOidcCommand } from "./provider/cli-commands.ts";
import { ClientInputError, clientChecks } from "./provider/clients.ts";

/**
 * The operator CLI: `npm run account -- <command>`. It reads the same configuration as the server
 * (DATABASE_URL above all) and never prints a password hash or a token.
 */
const USAGE = `Usage: npm run account -- <command> [options]

Commands:
${ACCOUNT_USAGE}
${OIDC_USAGE}

Reads DATABASE_URL like the server does (default file:./data/account.db).`;

const OPTIONS = {
  ...ACCOUNT_OPTIONS,
  help: { type: "boolean", short: "h" },
  ...OIDC_OPTIONS,
} as const;

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
  // The CLI's sign-outs queue logout tokens under the same caps as the server's.
  capLogoutQueue(config.logoutTokens);
  try {
    console.log(
      command === "client" || command === "keys"
        ? await runOidcCommand(db, command, action, parsed.values, clientChecks(config))
        : await runAccountCommand(db, config, command, parsed.values),
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
