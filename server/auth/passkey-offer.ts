import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { type Caller, readCookie, setCookie } from "./caller.ts";
import { browserMark } from "./known-origins.ts";
import { continueTo } from "./return-url.ts";
import { currentAccount } from "./sessions.ts";

/**
 * "Sign in faster next time" (docs/decisions/0059-passkeys.md): the screen the web app shows after
 * a sign-in by link, code or password, when the device can make a passkey. It asks here whether to
 * offer one: only to a signed-in account with no passkey made in this browser, and not for 30 days
 * after "Not now" (a cookie, so each browser is asked on its own). Either way it learns where the
 * sign-in continues, checked like every ReturnUrl.
 */

export const OFFER_DECLINED_DAYS = 30;

export async function passkeyOffer(
  db: Db,
  config: Config,
  caller: Caller,
  { returnUrl, landing }: { returnUrl: string | null | undefined; landing: string },
): Promise<{ offer: boolean; redirectUrl: string }> {
  caller.noStore();
  const redirectUrl = await continueTo(db, config, returnUrl, landing);
  const account = await currentAccount(db, config, caller);
  if (!account || readCookie(caller, config, "passkeyOfferDeclined")) return { offer: false, redirectUrl };
  const mark = browserMark(caller, config);
  const here = mark
    ? await db
        .selectFrom("passkeys")
        .select("id")
        .where("account_id", "=", account.accountId)
        .where("browser_mark", "=", mark)
        .executeTakeFirst()
    : undefined;
  return { offer: here === undefined, redirectUrl };
}

/** "Not now": this browser is not offered a passkey again for 30 days. */
export function declinePasskeyOffer(config: Config, caller: Caller): void {
  setCookie(caller, config, "passkeyOfferDeclined", "1", OFFER_DECLINED_DAYS * 86_400);
}
