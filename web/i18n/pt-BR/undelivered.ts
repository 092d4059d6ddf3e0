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
    title: "E-mail não entregue",
    notDelivered: "Não conseguimos entregar nosso e-mail para",
    notDeliveredAfter: ".",
    reasons: {
      no_mailbox:
        "O servidor de e-mail do destinatário informou que essa caixa de correio não existe. Verifique se o endereço foi digitado corretamente.",
      mailbox_full: "O servidor de e-mail do destinatário informou que a caixa de correio está cheia.",
      blocked: "O servidor de e-mail do destinatário bloqueou nosso e-mail.",
      other: "O servidor de e-mail do destinatário não aceitou a mensagem.",
    },
    otherWays: "Ou entre de outra forma:",
    password: "Entrar com sua senha",
    support: "Precisa de ajuda? Entre em contato com nossa equipe de suporte.",
    supportWithReference: "Precisa de ajuda? Entre em contato com nossa equipe de suporte e informe esta referência.",
    reference: "Referência:",
  },
};
