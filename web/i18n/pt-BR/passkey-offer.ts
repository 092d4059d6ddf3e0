import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Entre mais rápido da próxima vez": the passkey offer after a sign-in. Loaded with that screen. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "Entre mais rápido da próxima vez",
    text: "Da próxima vez, entre com sua impressão digital, seu rosto ou o bloqueio de tela, sem esperar um e-mail. A chave de acesso fica no seu dispositivo e só funciona nos nossos sites.",
    create: "Usar chave de acesso",
    notNow: "Agora não",
    continuing: "Entrando",
  },
};
