import type { AccessLinkAnswer } from "../../../common/api/contract.ts";
import type { Brand } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { writeTogether } from "../../db/write-together.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { mailLook, noAccountMail } from "../../mail/templates.ts";
import { newSecret } from "../../secrets/tokens.ts";
import type { Caller } from "../kernel/caller.ts";
import { countIn } from "../kernel/rate-limit.ts";
import { CODE_LIFETIME_MS, forgetBrowserCode, holdCodeInBrowser } from "./sign-in-codes.ts";
import { issueStandIn, standInMailId } from "./stand-in-code.ts";

/**
 * How long a link request's answer takes at least while HIDE_ACCOUNT_EXISTENCE is on, whatever
 * the address: the link, its code and the audit entry are writes a note does not make, and that
 * difference would tell which addresses have accounts (docs/decisions/0094-hide-account-existence.md,
 * which has the figures). The same floor as a password reset's, well above what the writes take.
 */
export const LINK_ANSWER_MS = 250;

/** What every address is answered while HIDE_ACCOUNT_EXISTENCE is on: "Check Your Email". */
export const SENT: AccessLinkAnswer = { isOk: true, isExistingDesktopUser: false, redirectUrl: "" };

/**
 * Answers a link request for an address no account can sign in with (none uses it, or its account
 * is disabled) as a link request is answered, while HIDE_ACCOUNT_EXISTENCE is on: the browser gets
 * a code cookie as it would with a link, and an address no account uses is mailed "no account uses
 * this address", in the brand's look and the customer's language, with the brand's sign-up address.
 * At most NO_ACCOUNT_NOTE_LIMIT_PER_EMAIL notes an address a window, besides the link requests'
 * own per-email count: past it, the same answer and no mail, so nobody can use the form to mail a
 * stranger again and again. A disabled account's owner is mailed nothing: the note would be untrue.
 * The cookie's secret has a stand-in for a code (stand-in-code.ts), so what the screen asks next is
 * answered as for a code too, and the note's outbox id is the one the stand-in derives.
 */
export async function answerWithoutAccount(
  db: Db,
  config: Config,
  request: { email: string; caller: Caller },
  emailKey: string,
  brand: Brand,
  { disabled }: { disabled: boolean },
): Promise<AccessLinkAnswer> {
  const noteAllowed = !disabled && (await countIn(db, config, ["noAccountNotePerEmail", emailKey])).allowed;
  const browserSecret = newSecret();
  const expiresAt = Date.now() + CODE_LIFETIME_MS;
  await writeTogether(db, async (tx) => {
    await forgetBrowserCode(tx, request.caller);
    await issueStandIn(tx, browserSecret, expiresAt);
    if (!noteAllowed) return;
    const signUp = brand.links.signUp ? config.links[brand.links.signUp] : undefined;
    const mail = noAccountMail(mailLook(brand, config.publicUrl, request.caller.language), signUp);
    await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), request.email, mail, {
      id: standInMailId(config, browserSecret),
    });
  });
  // The cookie a link request sets, so the answer's headers are the same as well.
  holdCodeInBrowser(request.caller, config, browserSecret);
  return SENT;
}
