import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/**
 * Every string a customer reads, in Spanish (informal "tú"; glossary: docs/languages/es.md).
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in es/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
/**
 * A field's label as it reads after "Mostrar" / "Ocultar": "Contraseña" becomes "contraseña",
 * and "Confirmar contraseña", a verb, becomes the noun "confirmación de contraseña".
 */
function fieldInPhrase(label: string): string {
  const confirm = /^confirmar\s+/i;
  if (confirm.test(label)) return `confirmación de ${label.replace(confirm, "")}`;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Oscuro" or "Claro", for the toggle's name: "Cambiar al tema Oscuro". */
    switchToBefore: "Cambiar al tema ",
    switchToAfter: "",
    dark: "Oscuro",
    light: "Claro",
  },
  loading: {
    text: "Cargando el software...",
    /** Read while a screen's code is on its way. */
    screen: "Cargando...",
  },
  login: {
    title: "Acceso de clientes",
    continueWithGoogle: "Continuar con Google",
    continueWithMicrosoft: "Continuar con Microsoft",
    or: "o",
    emailLabelWithSocial: "Usa otro correo electrónico",
    emailLabel: "Escribe tu correo electrónico",
    continue: "Continuar",
    accountNotFound: "No se ha encontrado la cuenta",
    accountNotFoundText: (email: string) => `No hemos encontrado ninguna cuenta para ${email}.`,
    tryAnotherEmail: "Probar con otro correo",
    createAccount: "Crear cuenta",
    captchaFailed: "No se ha podido iniciar sesión",
    unexpectedError: "Algo ha salido mal. Vuelve a intentarlo en un momento.",
    passkey: "Iniciar sesión con llave de acceso",
    passkeyUnavailable: "Este navegador no puede usar una llave de acceso en esta página. Continúa con tu correo electrónico.",
  },
  checkEmail: {
    title: "Revisa tu correo",
    sent: "Te hemos enviado un enlace de acceso personal a",
    sentAfter: ".",
    /** The link's lifetime as SPEC section 9 says it: "1 día", "2 días". */
    expires: (days: number) => `El enlace caduca en ${plural("es", days, { one: "# día", many: "# de días", other: "# días" })}.`,
    spam: "Si no ves el correo, revisa la carpeta de spam o de correo no deseado.",
    slow: "Está tardando más de lo habitual. Seguimos intentando entregar el correo.",
    useAnotherEmail: "Usar otro correo",
    resend: "Reenviar",
    resendIn: (seconds: number) =>
      plural("es", seconds, {
        one: "Reenviar en # segundo",
        many: "Reenviar en # de segundos",
        other: "Reenviar en # segundos",
      }),
    resent: "Te hemos enviado otro enlace.",
    codeLabel: "¿Lees el correo en otro dispositivo? Escribe el código de 6 dígitos",
    codeSubmit: "Iniciar sesión",
    codeIncomplete: "Escribe los 6 dígitos del correo",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "¿Vas a abrir el enlace en el móvil? Escribe allí este número para iniciar sesión aquí:",
    approvalRefused:
      "Se ha escrito un número incorrecto en tu otro dispositivo, así que no se ha iniciado ninguna sesión. Pide un enlace nuevo.",
    approvalUsedElsewhere: "El enlace se ha usado en otro dispositivo.",
  },
  validation: {
    emailRequired: "El correo electrónico es obligatorio",
    emailInvalid: "Escribe una dirección de correo electrónico válida",
    passwordRequired: "La contraseña es obligatoria",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Dirección de correo electrónico no válida",
  },
  fields: {
    email: "Correo electrónico",
    password: "Contraseña",
    newPassword: "Nueva contraseña",
    confirmPassword: "Confirmar contraseña",
    show: "Mostrar",
    hide: "Ocultar",
    /** The show/hide button's name, with the field's label: "Mostrar contraseña". */
    showField: (label: string) => `Mostrar ${fieldInPhrase(label)}`,
    hideField: (label: string) => `Ocultar ${fieldInPhrase(label)}`,
    close: "Cerrar",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Información legal",
    privacy: "Política de privacidad",
    eula: "Contrato de licencia",
    terms: "Términos y condiciones",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Idioma",
  },
  failure: {
    title: "Algo ha salido mal",
    text: "No se ha podido mostrar esta página. Vuelve a intentarlo.",
    retry: "Reintentar",
  },
};
