import { strings as shared } from "./shared.ts";

/**
 * "Email Not Delivered": what the sign-in screens say when our mail to the address did not arrive
 * (docs/decisions/0087). Loaded with its panel, only when it is shown.
 */
export const strings = {
  ...shared,
  undelivered: {
    title: "Email Not Delivered",
    /** Around the address, which is shown in bold: "We could not deliver our email to <b>you@…</b>." */
    notDelivered: "We could not deliver our email to",
    notDeliveredAfter: ".",
    /** What the receiving mail server said, in the customer's words, by the reason the server gives (common/undelivered.ts). */
    reasons: {
      no_mailbox: "The receiving mail server says there is no such mailbox. Check the address for a typing mistake.",
      mailbox_full: "The receiving mail server says the mailbox is full.",
      blocked: "The receiving mail server blocked our email.",
      other: "The receiving mail server did not accept it.",
    },
    /** Above the ways in the sign-in screen offers anyone: never the ones this account has. */
    otherWays: "Or sign in another way:",
    password: "Sign in with your password",
    support: "Need help? Contact our support team.",
    supportWithReference: "Need help? Contact our support team and quote this reference.",
    /** Before the reference support finds the mail by: "Reference: 3F9A12BC0D". */
    reference: "Reference:",
  },
};
