import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "Inicia sesión en tu cuenta",
    text: "Escribe tu correo electrónico y tu contraseña.",
    forgot: "¿Has olvidado tu contraseña?",
    login: "Iniciar sesión",
    createAccount: "Crear cuenta",
  },
  maverickPasswordLogin: {
    title: "Iniciar sesión",
    continue: "Continuar",
    emailLink: "Enviarme un enlace de acceso",
  },
};
