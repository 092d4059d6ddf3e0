import type { Kysely } from "kysely";
import { AppError } from "../../base/errors.ts";
import type { Database } from "../../db/schema.ts";
import { accountDisabledAt } from "./accounts.ts";

/**
 * A disabled account (by support, server/auth/support/support-actions.ts) has no way in: every sign-in
 * writes its session through sessions.ts, which asks this first (writeSession, inside the sign-in's
 * transaction, so a link or code presented for a disabled account is refused and stays unspent), or
 * asks refuseIfDisabled of the account it has just read (startSession on a browser it knows).
 */
export async function refuseDisabledAccount(db: Kysely<Database>, accountId: string): Promise<void> {
  if (await isDisabled(db, accountId)) throw new AppError("ACCOUNT_DISABLED");
}

/** The same refusal for an account already read (its `disabled_at`), without reading it again. */
export function refuseIfDisabled(account: { disabled_at: number | null }): void {
  if (account.disabled_at !== null) throw new AppError("ACCOUNT_DISABLED");
}

/** Whether support has disabled the account (a sign-in's problem screen says so before trying). */
export async function isDisabled(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await accountDisabledAt(db, accountId);
  return row !== undefined && row.disabled_at !== null;
}
