import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/es.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "¿Has olvidado tu contraseña?",
    text: "Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.",
    sendEmail: "Enviar correo",
    failed: "Se ha producido un error al enviar la solicitud.",
  },
  forgotPasswordConfirmation: {
    title: "Correo de restablecimiento enviado",
    expires: (time: string) => `El enlace del correo caduca en ${time}`,
    check: "Revisa tu bandeja de entrada y haz clic en el enlace para crear una contraseña nueva.",
    backToLogin: "Volver al inicio de sesión",
  },
  resetPassword: {
    title: "Crea una contraseña nueva",
    save: "Guardar contraseña",
    checking: "Comprobando tu enlace...",
    usedTitle: "Este enlace ya se ha usado",
    usedText: "Cada enlace para restablecer la contraseña funciona una sola vez. Pide uno nuevo y te lo enviaremos por correo.",
    expiredTitle: "Este enlace ha caducado",
    expiredText: "Por tu seguridad, los enlaces para restablecer la contraseña caducan. Pide uno nuevo y te lo enviaremos por correo.",
    unknownTitle: "Este enlace no es válido",
    unknownText:
      "Puede que el enlace esté incompleto: algunos programas de correo cortan los enlaces largos. Pide uno nuevo y te lo enviaremos por correo.",
    newLink: "Enviarme un enlace nuevo",
    removePasskeys: {
      legend: "Quitar también estas llaves de acceso",
      hint: "Las llaves de acceso añadidas en los últimos 30 días están marcadas: si otra persona había iniciado sesión en tu cuenta, puede que haya añadido una.",
      passkey: (name: string, added: string) => `${name}, añadida el ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "¡Se ha restablecido tu contraseña!",
    text: "Hemos guardado tu nueva contraseña. Úsala la próxima vez que inicies sesión.",
    login: "Iniciar sesión",
  },
  setPassword: {
    title: "Crea una contraseña",
    text: "Todavía no tienes contraseña. Por tu seguridad, crea una.",
    save: "Guardar contraseña",
    serverError: "Se ha producido un error. Vuelve a intentarlo.",
  },
  setPasswordConfirmation: {
    title: "¡Tu nueva contraseña está lista!",
    before: "Hemos guardado tu contraseña de ",
    after: ". A partir de ahora, usa la nueva contraseña para iniciar sesión en la aplicación.",
    login: "Iniciar sesión",
  },
};
