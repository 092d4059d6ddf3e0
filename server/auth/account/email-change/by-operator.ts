import { normalizeEmail } from "../../../../common/email.ts";
import type { Config } from "../../../base/config.ts";
import { AppError } from "../../../base/errors.ts";
import type { Db } from "../../../db/database.ts";
import { accountBrand } from "../../kernel/account-brand.ts";
import { requireAccount } from "../../kernel/accounts.ts";
import { recordAuditEvent } from "../../kernel/audit-trail.ts";
import { PURPOSES, spendTokenByHash } from "../../kernel/one-time-tokens.ts";
import { enforceLimits } from "../../kernel/rate-limit.ts";
import { applyChange } from "./confirm.ts";
import { addressTaken, newAddress, openChange, requestEmailChange } from "./request.ts";

/**
 * The operator's `change-email` (docs/decisions/0070): the same request a customer makes, mailed
 * in the account's brand (account-brand.ts); the new address confirms it. With
 * `withoutConfirmation` the operator vouches for the new address instead: the change is made at
 * once, the trail says so, and the old address still gets "Your email was changed" with its undo.
 */
export async function changeEmailByOperator(
  db: Db,
  config: Config,
  email: string,
  newEmail: string,
  source: { operator: string; reason?: string },
  { withoutConfirmation = false } = {},
): Promise<void> {
  const account = await requireAccount(db, email);
  const brand = await accountBrand(db, account.id);
  if (!withoutConfirmation) return requestEmailChange(db, config, { kind: "staff", source, brand }, account.id, newEmail);

  const address = newAddress(normalizeEmail(account.email), newEmail);
  await enforceLimits(db, config, [["emailChangePerAccount", account.id]], "email changes");
  await db.transaction().execute(async (tx) => {
    if (await addressTaken(tx, address)) throw new AppError("EMAIL_TAKEN_NOW");
    const { row } = await openChange(tx, account.id, account.email, address, brand);
    await recordAuditEvent(tx, { event: "email_change_requested", accountId: account.id, reason: "without confirmation" }, source);
    await spendTokenByHash(tx, PURPOSES.emailChange, row.token_hash);
    await applyChange(tx, config, row, { ...source, reason: `${source.reason ?? "by the operator"}; without confirmation` }, undefined);
  });
}
