import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/undelivered.ts";
import { strings as shared } from "./shared.ts";

/**
 * "Email Not Delivered": what the sign-in screens say when our mail to the address did not arrive
 * (docs/decisions/0087). Loaded with its panel, only when it is shown.
 */
export const strings: Catalogue<typeof english> = {
  ...shared,
  undelivered: {
    title: "E-Mail nicht zugestellt",
    notDelivered: "Unsere E-Mail an",
    notDeliveredAfter: " konnte nicht zugestellt werden.",
    reasons: {
      no_mailbox: "Der empfangende Mailserver meldet, dass es dieses Postfach nicht gibt. Prüfen Sie die Adresse auf Tippfehler.",
      mailbox_full: "Der empfangende Mailserver meldet, dass das Postfach voll ist.",
      blocked: "Der empfangende Mailserver hat unsere E-Mail blockiert.",
      other: "Der empfangende Mailserver hat sie nicht angenommen.",
    },
    otherWays: "Oder melden Sie sich auf andere Weise an:",
    password: "Mit Passwort anmelden",
    support: "Brauchen Sie Hilfe? Wenden Sie sich an unser Support-Team.",
    supportWithReference: "Brauchen Sie Hilfe? Wenden Sie sich an unser Support-Team und nennen Sie diese Referenz.",
    reference: "Referenz:",
  },
};
