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
    title: "E-mail non remis",
    notDelivered: "Nous n'avons pas pu remettre notre e-mail à",
    notDeliveredAfter: ".",
    reasons: {
      no_mailbox:
        "Le serveur de messagerie du destinataire indique que cette boîte aux lettres n'existe pas. Vérifiez que l'adresse ne contient pas de faute de frappe.",
      mailbox_full: "Le serveur de messagerie du destinataire indique que la boîte aux lettres est pleine.",
      blocked: "Le serveur de messagerie du destinataire a bloqué notre e-mail.",
      other: "Le serveur de messagerie du destinataire ne l'a pas accepté.",
    },
    otherWays: "Ou connectez-vous autrement :",
    password: "Se connecter avec votre mot de passe",
    support: "Besoin d'aide ? Contactez notre équipe d'assistance.",
    supportWithReference: "Besoin d'aide ? Contactez notre équipe d'assistance en indiquant cette référence.",
    reference: "Référence :",
  },
};
