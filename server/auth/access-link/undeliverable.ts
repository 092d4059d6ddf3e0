import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { addressStanding, mailReference } from "../../mail/delivery-state.ts";

/**
 * Refuses to mail an address that bounced (docs/decisions/0087): EMAIL_UNDELIVERABLE, with what
 * the mailbox said in the customer's terms (`reason`: no_mailbox, mailbox_full, blocked, other)
 * and the reference support finds the bounced mail by. Only after the account was found, so it
 * tells nothing "Account Not Found" does not; the relay's own words stay with support.
 */
export async function refuseUndeliverableAddress(db: Db, email: string): Promise<void> {
  const { bounced } = await addressStanding(db, email);
  if (!bounced) return;
  throw new AppError(
    "EMAIL_UNDELIVERABLE",
    undefined,
    {},
    {
      reason: bounced.reason,
      reference: bounced.mailId ? mailReference(bounced.mailId) : null,
    },
  );
}
