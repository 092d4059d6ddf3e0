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
    title: "Email non recapitata",
    notDelivered: "Non siamo riusciti a recapitare la nostra email a",
    notDeliveredAfter: ".",
    reasons: {
      no_mailbox:
        "Il server di posta del destinatario indica che questa casella non esiste. Controlla che l'indirizzo non contenga errori di battitura.",
      mailbox_full: "Il server di posta del destinatario indica che la casella è piena.",
      blocked: "Il server di posta del destinatario ha bloccato la nostra email.",
      other: "Il server di posta del destinatario non l'ha accettata.",
    },
    otherWays: "Oppure accedi in un altro modo:",
    password: "Accedi con la tua password",
    support: "Hai bisogno di aiuto? Contatta il nostro team di assistenza.",
    supportWithReference: "Hai bisogno di aiuto? Contatta il nostro team di assistenza e indica questo riferimento.",
    reference: "Riferimento:",
  },
};
