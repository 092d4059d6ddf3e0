import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "Saindo da sua conta",
    failedTitle: "Não foi possível sair",
    failedText:
      "Não foi possível encerrar sua sessão: o servidor não respondeu. Sua sessão continua ativa neste navegador. Verifique sua conexão e tente novamente.",
    tryAgain: "Tentar novamente",
    leaveSignedIn: (brand: string) => `Ir para o ${brand} sem sair`,
  },
};
