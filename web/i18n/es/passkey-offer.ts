import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Sign In Faster Next Time": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "Inicia sesión más rápido la próxima vez",
    text: "La próxima vez, inicia sesión con tu huella digital, tu rostro o el bloqueo de pantalla en lugar de esperar un correo. La llave de acceso se queda en tu dispositivo y solo funciona en nuestros sitios.",
    create: "Usar una llave de acceso",
    notNow: "Ahora no",
    continuing: "Iniciando sesión",
  },
};
