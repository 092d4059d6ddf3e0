import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/no-script.ts";
import { strings as accessLink } from "./access-link.ts";

/**
 * What a browser without JavaScript is shown (web/no-script/): the emailed link works without it,
 * everything else says what needs it. Rendered on the server only, never part of the app's chunks.
 */
export const strings: Catalogue<typeof english> = {
  ...accessLink,
  noScript: {
    loginHint:
      "Para iniciar sesión con una contraseña, con Google o con Microsoft se necesita JavaScript. El enlace por correo funciona sin él.",
    title: "Activa JavaScript",
    text: "Esta página necesita JavaScript. Actívalo en la configuración de tu navegador y vuelve a cargar la página.",
    emailInstead: "O inicia sesión con un enlace por correo, que funciona sin JavaScript.",
    signInByEmail: "Iniciar sesión con un enlace por correo",
    checkEmailText: "Abre el enlace del correo para terminar de iniciar sesión.",
  },
};
