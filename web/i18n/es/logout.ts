import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "Cerrando tu sesión",
    failedTitle: "No hemos podido cerrar tu sesión",
    failedText:
      "No se ha podido finalizar tu sesión: el servidor no ha respondido. Sigues con la sesión iniciada en este navegador. Comprueba tu conexión y vuelve a intentarlo.",
    tryAgain: "Reintentar",
    leaveSignedIn: (brand: string) => `Ir a ${brand} sin cerrar sesión`,
  },
};
