import type { Kysely } from "kysely";
import { brandById } from "../../../common/brands/index.ts";
import { networkOf } from "../../../common/network.ts";
import type { Config } from "../../base/config.ts";
import type { Database } from "../../db/schema.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { mailLook, newSignInMail } from "../../mail/templates.ts";
import { existingAccountEmail } from "../kernel/accounts.ts";
import { recordAuditEvent, type SignInMethodName } from "../kernel/audit-trail.ts";
import type { Caller } from "../kernel/caller.ts";
import { countIn } from "../kernel/rate-limit.ts";
import { issueNotMeLink } from "./not-me.ts";

/** The ways in that prove the account's mailbox: a first browser signed in by one of them is not told of. */
const MAILBOX_PROVED: ReadonlySet<SignInMethodName> = new Set(["link", "code"]);

/**
 * A sign-in from a browser the account has not used before: recorded in the trail, and told to the
 * owner by mail ("New sign-in to your DS One account": which browser, near which network, when), so a
 * stranger who got in is noticed. The account's first browser is told of too (a customer of the
 * desktop program alone has a password and no browser yet), unless it signed in by the emailed
 * link or its code: those prove the mailbox the notice would go to (decision 84). At most
 * NEW_SIGN_IN_MAIL_LIMIT_PER_ACCOUNT mails a window, and off with NEW_SIGN_IN_MAIL=false. Takes
 * the caller's transaction: the mail is queued with the record.
 */
export async function announceNewBrowser(
  tx: Kysely<Database>,
  config: Config,
  caller: Caller,
  accountId: string,
  {
    brand,
    firstBrowser,
    method,
    now,
    sessionHash,
    browserMark,
  }: { brand: string | undefined; firstBrowser: boolean; method: SignInMethodName; now: number; sessionHash: string; browserMark: string },
): Promise<void> {
  await recordAuditEvent(tx, { event: "new_browser", accountId, ...(brand ? { brand } : {}) }, { caller }, now);
  if ((firstBrowser && MAILBOX_PROVED.has(method)) || !config.newSignInMail) return;
  if (!(await countIn(tx, config, ["newSignInMailPerAccount", accountId])).allowed) return;
  const account = await existingAccountEmail(tx, accountId);
  const look = brandById(brand);
  // The network, as the account page names it: a mail never carries the address itself.
  const network = networkOf(caller.address);
  const notMe = await issueNotMeLink(tx, config, {
    accountId,
    sessionHash,
    browserMark,
    device: caller.device,
    address: network,
    at: now,
    brand: look,
  });
  const mail = newSignInMail(
    mailLook(look, config.publicUrl, caller.language),
    { browser: caller.device, network, at: now },
    // The account server's own account page: where the customer sees every browser signed in and signs it out.
    `${config.publicUrl}${look.paths.account}`,
    notMe,
  );
  await enqueueMail(tx, config, fromHeader(look.name, config.mailFrom), account.email, mail);
}
