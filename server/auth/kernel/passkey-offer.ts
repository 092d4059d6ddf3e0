import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { type Caller, readCookie, setCookie } from "./caller.ts";
import { browserMark } from "./known-origins.ts";
import { passkeyMadeIn } from "./passkey-removal.ts";
import { continueTo } from "./return-url.ts";
import { currentAccount } from "./sessions.ts";

/**
 * "Sign In Faster Next Time" (docs/decisions/0059-passkeys.md): the screen the web app shows after
 * a sign-in by link, code, password or Google, when the device can make a passkey. It asks here whether to
 * offer one: only to a signed-in account with no passkey made in this browser, and not for 30 days
 * after "Not now" (a cookie, so each browser is asked on its own). Either way it learns where the
 * sign-in continues, checked like every ReturnUrl.
 */

const OFFER_DECLINED_DAYS = 30;

export async function passkeyOffer(
  db: Db,
  config: Config,
  caller: Caller,
  { returnUrl, landing }: { returnUrl: string | null | undefined; landing: string },
): Promise<{ offer: boolean; redirectUrl: string }> {
  caller.noStore();
  const redirectUrl = await continueTo(db, config, returnUrl, landing);
  const account = await currentAccount(db, config, caller);
  return { offer: account !== undefined && (await passkeyOfferDue(db, config, caller, account.accountId)), redirectUrl };
}

/**
 * Whether this browser is to be offered a passkey for the account: none made here, no recent "Not
 * now". The quiet offer (conditional create) asks the same, so "Not now" holds for it too.
 */
export async function passkeyOfferDue(db: Db, config: Config, caller: Caller, accountId: string): Promise<boolean> {
  if (readCookie(caller, config, "passkeyOfferDeclined")) return false;
  const mark = browserMark(caller, config);
  if (!mark) return true;
  const here = await passkeyMadeIn(db, accountId, mark);
  return here === undefined;
}

/** The query parameter the login screen adds to a Google sign-in when its device can make a passkey. */
export const PASSKEY_CAPABLE_PARAMETER = "passkeyOffer";

/**
 * Where a sign-in that returns by redirect (Google) goes: through the brand's offer screen when the
 * device said it can make a passkey and one is due, else straight to `target`.
 */
export async function throughPasskeyOffer(
  db: Db,
  config: Config,
  caller: Caller,
  { accountId, offerPath, capable, target }: { accountId: string; offerPath: string; capable: boolean; target: string },
): Promise<string> {
  if (!capable || !(await passkeyOfferDue(db, config, caller, accountId))) return target;
  return `${config.publicUrl}${offerPath}?ReturnUrl=${encodeURIComponent(target)}`;
}

/** "Not now": this browser is not offered a passkey again for 30 days. */
export function declinePasskeyOffer(config: Config, caller: Caller): void {
  setCookie(caller, config, "passkeyOfferDeclined", "1", OFFER_DECLINED_DAYS * 86_400);
}
