import type { FindAccount } from "oidc-provider";
import { accountWithStanding } from "../auth/kernel/sessions.ts";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import { type AppSessionWithStanding, appSessionOfRequest } from "./app-session.ts";
import { brandOfClient } from "./clients.ts";
import { currentTokenUnit } from "./token-unit.ts";

/**
 * The provider's accounts: the account a token's subject names, and its claims for the app that
 * asks (the license and device of that app's product). In a browser's authorization the account
 * is the one its session already read, with its standing, in the same query (app-session.ts);
 * at the token endpoint on PostgreSQL, the statement that read the code or refresh token read it
 * too (adapter.ts); elsewhere one query reads the account and its standing together.
 */
export function findAccount(db: Db, config: Config): FindAccount {
  return async (ctx, sub) => {
    const productId = brandOfClient(ctx.oidc.client as never).productId;
    const fromSession =
      ctx.oidc.route === "authorization" || ctx.oidc.route === "resume" ? await appSessionOfRequest(db, config, ctx) : undefined;
    const known = fromSession?.accountId === sub ? fromSession : undefined;
    const account = known ? undefined : (readAhead(sub, productId) ?? (await accountWithStanding(db, sub, productId)));
    if (!known && !account) return undefined;
    const { email, name, standing } = known ?? (account as NonNullable<typeof account>);
    return {
      accountId: sub,
      async claims() {
        return claimsOf(sub, email, name, standing);
      },
    };
  };
}

/** At the token endpoint on PostgreSQL: the account read with the code or refresh token (provider/adapter.ts). */
function readAhead(sub: string, productId: number) {
  const ahead = currentTokenUnit()?.accountsAhead.get(sub);
  if (ahead?.productId !== productId) return undefined;
  return {
    email: ahead.email,
    name: ahead.name,
    standing: { licenseState: ahead.license_state ?? "", uuid: ahead.device_uuid ?? "" },
  };
}

function claimsOf(sub: string, email: string, name: string, standing: AppSessionWithStanding["standing"]) {
  return {
    sub,
    email,
    // Every account's address is the one its licenses were sold to and its access links go to
    // (decision 27).
    email_verified: true,
    name,
    license_state: standing.licenseState,
    device_uuid: standing.uuid,
  };
}
