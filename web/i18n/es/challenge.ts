import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "Comprobando que eres una persona",
    working: "Solo tardará un segundo.",
    widget: "Completa la comprobación de abajo para continuar.",
    progress: "Comprobando",
    cancel: "Cancelar",
    cancelled: "Se canceló la comprobación, así que no se envió nada. Vuelve a intentarlo cuando quieras.",
    unavailable:
      "No hemos podido comprobar que eres una persona. Vuelve a intentarlo dentro de unos minutos o inicia sesión de otra forma.",
  },
};
