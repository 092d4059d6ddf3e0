import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "Verificando se você é uma pessoa",
    working: "Isso leva só um segundo.",
    widget: "Conclua a verificação abaixo para continuar.",
    progress: "Verificando",
    cancel: "Cancelar",
    cancelled: "A verificação foi cancelada, então nada foi enviado. Tente de novo quando quiser.",
    unavailable: "Não foi possível verificar se você é uma pessoa agora. Tente de novo em alguns minutos ou entre de outra forma.",
  },
};
