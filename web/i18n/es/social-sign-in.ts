import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Inicio de sesión con Google cancelado",
      text: "No has iniciado sesión: se ha cancelado el inicio de sesión con Google. Puedes volver a intentarlo o iniciar sesión con tu correo electrónico.",
    },
    refused: {
      title: "Google no ha aceptado el inicio de sesión",
      text: "Google ha rechazado este inicio de sesión, así que no has iniciado sesión. Vuelve a intentarlo o inicia sesión con tu correo electrónico.",
    },
    expired: {
      title: "Este inicio de sesión ha caducado",
      text: "El inicio de sesión con Google ha tardado demasiado, ya se había completado o se empezó en otra ventana del navegador. Vuelve a empezar.",
    },
    unverified: {
      title: "Tu correo de Google no está verificado",
      text: "Google no ha verificado la dirección de correo electrónico de esta cuenta de Google, así que no puede iniciar tu sesión. Verifica la dirección con Google o inicia sesión con tu correo electrónico.",
    },
    unreachable: {
      title: "Google no responde",
      text: "No hemos podido conectar con Google para terminar de iniciar tu sesión. Vuelve a intentarlo en un momento o inicia sesión con tu correo electrónico.",
    },
    failed: {
      title: "Error al iniciar sesión con Google",
      text: "No se ha podido verificar la respuesta de Google, así que no has iniciado sesión. Vuelve a intentarlo o inicia sesión con tu correo electrónico.",
    },
    busy: {
      title: "Demasiados intentos",
      text: "Ha habido demasiados inicios de sesión desde tu red. Espera un rato y vuelve a intentarlo, o inicia sesión con tu correo electrónico.",
    },
    unavailable: {
      title: "Inicio de sesión con Google no disponible",
      text: "Aquí no se puede iniciar sesión con este proveedor. Inicia sesión con tu correo electrónico.",
    },
    disabled: {
      title: "Esta cuenta está desactivada",
      text: "La cuenta vinculada a este inicio de sesión de Google está desactivada, así que no se puede usar para iniciar sesión. Ponte en contacto con el servicio de asistencia.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirma primero tu correo electrónico",
      text: "Google no ha confirmado que esta cuenta de Google sea la propietaria de su dirección de correo electrónico, así que todavía no se puede vincular a tu cuenta. Inicia sesión primero con tu correo electrónico y, después, vuelve a elegir Continuar con Google en este navegador para vincularla.",
    },
    held: {
      title: "El inicio de sesión con Google está en pausa",
      text: "Google nos ha avisado de que otra persona podría haberse hecho con esta cuenta de Google, así que por ahora no puede iniciar sesión en tu cuenta. Inicia sesión con tu contraseña o una llave de acceso, o contacta con soporte. No sirve una contraseña o llave de acceso añadida en el mes anterior.",
    },
    backToLogin: "Volver al inicio de sesión",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Inicio de sesión con Microsoft cancelado",
      text: "No has iniciado sesión: se ha cancelado el inicio de sesión con Microsoft. Puedes volver a intentarlo o iniciar sesión con tu correo electrónico.",
    },
    refused: {
      title: "Microsoft no ha aceptado el inicio de sesión",
      text: "Microsoft ha rechazado este inicio de sesión, así que no has iniciado sesión. Vuelve a intentarlo o inicia sesión con tu correo electrónico.",
    },
    expired: {
      title: "Este inicio de sesión ha caducado",
      text: "El inicio de sesión con Microsoft ha tardado demasiado, ya se había completado o se empezó en otra ventana del navegador. Vuelve a empezar.",
    },
    unverified: {
      title: "Tu correo de Microsoft no está verificado",
      text: "Microsoft no ha verificado la dirección de correo electrónico de esta cuenta de Microsoft, así que no puede iniciar tu sesión. Verifica la dirección con Microsoft o inicia sesión con tu correo electrónico.",
    },
    unreachable: {
      title: "Microsoft no responde",
      text: "No hemos podido conectar con Microsoft para terminar de iniciar tu sesión. Vuelve a intentarlo en un momento o inicia sesión con tu correo electrónico.",
    },
    failed: {
      title: "Error al iniciar sesión con Microsoft",
      text: "No se ha podido verificar la respuesta de Microsoft, así que no has iniciado sesión. Vuelve a intentarlo o inicia sesión con tu correo electrónico.",
    },
    busy: {
      title: "Demasiados intentos",
      text: "Ha habido demasiados inicios de sesión desde tu red. Espera un rato y vuelve a intentarlo, o inicia sesión con tu correo electrónico.",
    },
    unavailable: {
      title: "Inicio de sesión con Microsoft no disponible",
      text: "Aquí no se puede iniciar sesión con este proveedor. Inicia sesión con tu correo electrónico.",
    },
    disabled: {
      title: "Esta cuenta está desactivada",
      text: "La cuenta vinculada a este inicio de sesión de Microsoft está desactivada, así que no se puede usar para iniciar sesión. Ponte en contacto con el servicio de asistencia.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirma primero tu correo electrónico",
      text: "Microsoft no ha confirmado que esta cuenta de Microsoft sea la propietaria de su dirección de correo electrónico, así que todavía no se puede vincular a tu cuenta. Inicia sesión primero con tu correo electrónico y, después, vuelve a elegir Continuar con Microsoft en este navegador para vincularla.",
    },
  },
};
