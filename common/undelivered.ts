/**
 * Why a mail did not arrive, in the customer's terms (docs/decisions/0087): the mailbox does not
 * exist, it is full, or the receiving server blocked the mail; anything else is "other". The
 * screens say each in the customer's language; support sees the server's own words.
 */
export const UNDELIVERED_REASONS = ["no_mailbox", "mailbox_full", "blocked", "other"] as const;

export type UndeliveredReason = (typeof UNDELIVERED_REASONS)[number];

/** What a screen is told of an address its mail could not reach: why, and the reference support finds it by. */
export interface Undelivered {
  reason: UndeliveredReason;
  reference: string | null;
}
