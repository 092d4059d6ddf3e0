import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8). */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "La dirección de correo electrónico o la contraseña no son válidas",
    loginFailed: "Se ha producido un error al intentar iniciar sesión",
    setPasswordFailed: "Se ha producido un error al intentar crear la contraseña",
    fetchUserEmpty: "Se ha producido un error al intentar obtener el usuario que ha iniciado sesión",
    requestFailed: "Se ha producido un error al enviar la solicitud.",
  },
};
