import type { FindAccount } from "oidc-provider";
import { findAccountIdentity } from "../auth/kernel/accounts.ts";
import { productStanding } from "../auth/kernel/sessions.ts";
import type { Db } from "../db/database.ts";
import { brandOfClient } from "./clients.ts";

/**
 * The provider's accounts: the account a token's subject names, and its claims for the app that
 * asks (the license and device of that app's product).
 */
export function findAccount(db: Db): FindAccount {
  return async (ctx, sub) => {
    const account = await findAccountIdentity(db, sub);
    if (!account) return undefined;
    return {
      accountId: account.id,
      async claims() {
        const brand = brandOfClient(ctx.oidc.client as never);
        const standing = await productStanding(db, account.id, brand.productId);
        return {
          sub: account.id,
          email: account.email,
          // Every account's address is the one its licenses were sold to and its access links
          // go to (decision 27).
          email_verified: true,
          name: account.name,
          license_state: standing.licenseState,
          device_uuid: standing.uuid,
        };
      },
    };
  };
}
