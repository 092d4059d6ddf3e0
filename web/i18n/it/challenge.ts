import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "Verifichiamo che tu sia una persona",
    working: "Ci vuole solo un secondo.",
    widget: "Completa la verifica qui sotto per continuare.",
    progress: "Verifica in corso",
    cancel: "Annulla",
    cancelled: "La verifica è stata annullata, quindi non è stato inviato nulla. Riprova quando vuoi.",
    unavailable: "Non è stato possibile verificare che tu sia una persona. Riprova tra qualche minuto o accedi in un altro modo.",
  },
};
