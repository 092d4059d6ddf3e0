import type { MyAccount } from "../../../common/api/contract.ts";
import type { Db } from "../../db/database.ts";
import { type AddressStanding, addressStanding, clearBounce, mailReference } from "../../mail/delivery-state.ts";
import { accountEmail } from "../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../kernel/audit-trail.ts";

/*
 * The customer's own address when mail to it did not arrive (docs/decisions/0087): what the
 * account page says of it, and "Try my email again", which lets mail go to it once more. A
 * customer signed in has shown the account is theirs (by its password, a passkey, Google, or a
 * link that did arrive), and the address is the account's own: nobody else's mail is touched.
 */

/** What the account page says of the address: why its mail bounced, since when, and the reference support finds it by; null while mail reaches it. */
export async function undeliveredEmail(db: Db, email: string): Promise<MyAccount["undelivered"]> {
  const { bounced } = await addressStanding(db, email);
  if (!bounced) return null;
  return { reason: bounced.reason, reference: bounced.mailId ? mailReference(bounced.mailId) : null, since: bounced.at };
}

/**
 * The trail's words for what a clearing forgot ("cleared: bounce 550 5.1.1, complaint"), from the
 * standing read before it; undefined when there was nothing to forget (and nothing to record).
 */
export function mailClearedReason(before: AddressStanding, cleared: { bounced: boolean; complained: boolean }): string | undefined {
  const parts = [
    cleared.bounced && before.bounced ? `bounce${before.bounced.code ? ` ${before.bounced.code}` : ""}` : undefined,
    cleared.complained && before.complainedAt !== null ? "complaint" : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? `cleared: ${parts.join(", ")}` : undefined;
}

/**
 * "Try my email again": the bounce of the account's own address is forgotten, so mail goes to it
 * again; a complaint stays (the owner's own "this is spam" is theirs to keep, and support's to
 * clear). Recorded in the trail in the same transaction, with `source` (the customer's browser).
 * Answers false, recording nothing, when the address had not bounced.
 */
export async function tryEmailAgain(db: Db, accountId: string, source: AuditSource): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const account = await accountEmail(tx, accountId);
    if (!account) return false;
    const before = await addressStanding(tx, account.email);
    const reason = mailClearedReason(before, { bounced: await clearBounce(tx, account.email), complained: false });
    if (!reason) return false;
    await recordAuditEvent(tx, { event: "mail_cleared", accountId, reason }, source);
    return true;
  });
}
