import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/es.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in Spanish (informal "tú"; glossary:
 * docs/languages/es.md): the mails, the messages of refused requests (the app shows them), and
 * the OpenID Provider's own pages.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1 hora", "2 días". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("es", count, { one: "# día", many: "# de días", other: "# días" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} en ${system}`,
    unknownBrowser: "Un navegador desconocido",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "Si el botón no funciona, abre esta dirección en tu navegador:",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `El enlace caduca en ${lifetime}. Solo se puede usar una vez.`,
    /** Before the address in the text part: "Iniciar sesión: https://…". */
    signInLine: "Iniciar sesión",
    signInTo: (brand: string) => `Iniciar sesión en ${brand}`,
    ifThisWasYou: "Si has sido tú, no tienes que hacer nada más.",
    ifItWasNotYou:
      "Si no has sido tú, restablece tu contraseña cuanto antes con «¿Has olvidado tu contraseña?» en la página de inicio de sesión y ponte en contacto con el servicio de asistencia.",
    accessLink: {
      subject: (brand: string) => `Tu enlace de acceso a ${brand}`,
      intro: (brand: string) => `Aquí tienes tu enlace de acceso personal para iniciar sesión en ${brand}.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `¿Lo estás leyendo en otro dispositivo? En el equipo donde has pedido este correo, escribe este código (es válido durante ${lifetime}):`,
      footer: "Si no has pedido iniciar sesión, puedes ignorar este correo: nadie puede iniciar sesión sin este enlace o este código.",
      /** A link our support team sent, which has no code. */
      footerFromSupport:
        "Si no has pedido un enlace a nuestro equipo de asistencia, puedes ignorar este correo: nadie puede iniciar sesión sin él.",
    },
    passwordReset: {
      subject: (brand: string) => `Restablece tu contraseña de ${brand}`,
      intro: (brand: string) => `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${brand}.`,
      action: "Crear una contraseña nueva",
      footer: "Si no lo has pedido tú, puedes ignorar este correo: tu contraseña seguirá siendo la misma.",
    },
    passwordChanged: {
      subject: (brand: string) => `Se ha cambiado tu contraseña de ${brand}`,
      intro: (brand: string) => `Se acaba de cambiar la contraseña de tu cuenta de ${brand} y se han cerrado todas las demás sesiones.`,
    },
    passwordSet: {
      subject: (brand: string) => `Se ha creado una contraseña para tu cuenta de ${brand}`,
      intro: (brand: string) =>
        `Se acaba de crear una contraseña para tu cuenta de ${brand}: ahora puedes iniciar sesión con ella, además de con un enlace por correo.`,
    },
    newSignIn: {
      subject: (brand: string) => `Nuevo inicio de sesión en tu cuenta de ${brand}`,
      intro: (brand: string) => `Se acaba de iniciar sesión en tu cuenta de ${brand} desde un navegador que nunca se había usado con ella.`,
      /** "Chrome en Windows, desde la red 203.0.113.0, el 25 nov 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, desde la red ${network}, el ${when}.`,
      advice: "Si has sido tú, no tienes que hacer nada.",
      accountLine: "Tu cuenta",
      action: "Revisar tu cuenta",
      notMe: "No he sido yo",
      footer:
        "Si no has sido tú, haz clic en «No he sido yo»: así se cierra la sesión de ese navegador en tu cuenta y en todas las aplicaciones en las que la inició, y se quita cualquier llave de acceso que haya añadido.",
    },
    confirmationCode: {
      subject: (brand: string) => `Tu código de confirmación de ${brand}`,
      intro: (brand: string) => `Usa este código para confirmar que eres tú en la página de tu cuenta de ${brand}.`,
      /** Before the six digits: "El código es válido durante 10 minutos, en el navegador en el que lo has pedido:". */
      code: (lifetime: string) => `El código es válido durante ${lifetime}, en el navegador en el que lo has pedido:`,
      footer:
        "Si no has pedido este código, puede que alguien haya iniciado sesión en tu cuenta: cierra la sesión en todas partes desde la página de tu cuenta y restablece tu contraseña si tienes una.",
    },
    passkeyAdded: {
      subject: (brand: string) => `Se ha añadido una llave de acceso a tu cuenta de ${brand}`,
      intro: (brand: string) =>
        `Se ha añadido una llave de acceso a tu cuenta de ${brand}. Con ella se inicia sesión sin correo y sin contraseña.`,
      /** "Chrome en Windows, desde la red 203.0.113.0, el 25 nov 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, desde la red ${network}, el ${when}.`,
      kept: (provider: string) => `Está guardada en ${provider}.`,
      advice: "Si has sido tú, no tienes que hacer nada.",
      action: "Quitar esta llave de acceso",
      footer:
        "Si no has sido tú, quítala ahora: así también se cierra la sesión en el navegador que la añadió. Después, cierra la sesión en todas partes desde la página de tu cuenta.",
    },
    accountDeletion: {
      subject: (brand: string) => `Confirma que quieres eliminar tu cuenta de ${brand}`,
      intro: (brand: string) => `Hemos recibido una solicitud para eliminar tu cuenta de ${brand}.`,
      what: "Si la eliminas, se cerrará tu sesión en todos los navegadores y aplicaciones, y se eliminarán tus cuentas vinculadas (como la de Google), tus equipos y su configuración, tus licencias y todos los datos personales que guardamos sobre ti. Una cuenta eliminada no se puede recuperar.",
      action: "Eliminar mi cuenta",
      footer: "Si no lo has pedido tú, puedes ignorar este correo: tu cuenta seguirá como está.",
    },
    accountDeleted: {
      subject: (brand: string) => `Se ha eliminado tu cuenta de ${brand}`,
      intro: (brand: string) => `Se ha eliminado tu cuenta de ${brand}.`,
      what: "Se han cerrado todas las sesiones y se han eliminado tus cuentas vinculadas, tus equipos y su configuración, tus licencias y todos los datos personales que guardábamos sobre ti. Una cuenta eliminada no se puede recuperar.",
      footer: (brand: string) =>
        `Este es el último correo sobre esta cuenta. Si no lo has pedido tú, ponte en contacto con el servicio de asistencia de ${brand}.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `Se ha desvinculado Google de tu cuenta de ${brand}`,
      intro: (brand: string) =>
        `Se ha quitado el inicio de sesión con Google de tu cuenta de ${brand}: esa cuenta de Google ya no sirve para iniciar sesión en ella.`,
      footer:
        "Si no has sido tú, inicia sesión con un enlace por correo y revisa tu cuenta: cierra la sesión en todas partes y cambia tu contraseña si tienes una.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `Se ha desvinculado Microsoft de tu cuenta de ${brand}`,
      intro: (brand: string) =>
        `Se ha quitado el inicio de sesión con Microsoft de tu cuenta de ${brand}: esa cuenta de Microsoft ya no sirve para iniciar sesión en ella.`,
      footer:
        "Si no has sido tú, inicia sesión con un enlace por correo y revisa tu cuenta: cierra la sesión en todas partes y cambia tu contraseña si tienes una.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `El inicio de sesión con Google en tu cuenta de ${brand} está en pausa`,
      intro: (brand: string) =>
        `Google nos ha avisado de que otra persona podría haberse hecho con la cuenta de Google con la que inicias sesión en ${brand}. Para proteger tu cuenta de ${brand}, hemos cerrado la sesión en todos los navegadores y aplicaciones, y hemos pausado el inicio de sesión con Google.`,
      footer:
        "Inicia sesión con tu contraseña o una llave de acceso para volver a usar Google, o contacta con nuestro equipo de soporte. Antes, protege tu cuenta de Google con Google. No sirve una contraseña o llave de acceso añadida en el mes anterior.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Confirma tu nuevo correo electrónico de ${brand}`,
      intro: (brand: string, email: string) => `Confirma ${email} como nuevo correo electrónico de tu cuenta de ${brand}.`,
      what: "Hasta que lo confirmes, no cambia nada: la cuenta conserva su correo electrónico actual.",
      action: "Confirmar el nuevo correo",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `O escribe este código en la página de tu cuenta, en el navegador en el que has pedido el cambio (es válido durante ${lifetime}):`,
      footer: "Si no lo has pedido tú, ignora este correo: no cambia nada a menos que se confirme esta dirección.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Alguien ha pedido cambiar el correo electrónico de tu cuenta de ${brand}`,
      intro: (brand: string, masked: string) => `Alguien ha pedido cambiar el correo electrónico de tu cuenta de ${brand} a ${masked}.`,
      what: "No cambia nada a menos que se confirme la nueva dirección. Si has sido tú, no tienes que hacer nada.",
      action: "No he sido yo",
      footer:
        "Si no has sido tú, haz clic en «No he sido yo»: así se cancela el cambio y se cierra la sesión en el navegador que lo pidió. Después, cierra la sesión en todas partes desde la página de tu cuenta.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Alguien ha intentado usar este correo electrónico para una cuenta de ${brand}`,
      intro: (brand: string) =>
        `Alguien ha pedido cambiar el correo electrónico de una cuenta de ${brand} a esta dirección, pero esta dirección ya tiene una cuenta de ${brand}.`,
      what: "No se ha cambiado nada. Si has sido tú, inicia sesión directamente con esta dirección: una dirección solo puede pertenecer a una cuenta.",
      footer: "Si no has sido tú, puedes ignorar este correo.",
    },
    noAccount: {
      subject: (brand: string) => `Ninguna cuenta de ${brand} usa este correo electrónico`,
      intro: (brand: string) =>
        `Alguien, quizá tú, ha pedido iniciar sesión en ${brand} con esta dirección de correo electrónico, pero ninguna cuenta de ${brand} usa esta dirección.`,
      what: "Si querías iniciar sesión, prueba con la dirección de correo electrónico de tu cuenta.",
      create: "Para crear una cuenta con esta dirección:",
      action: "Crear tu cuenta",
      footer: "Si no has sido tú, puedes ignorar este correo: no se ha creado ni cambiado nada.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Se ha cambiado tu correo electrónico de ${brand}`,
      intro: (brand: string, masked: string) => `El correo electrónico de tu cuenta de ${brand} se ha cambiado a ${masked}.`,
      what: (lifetime: string) =>
        `Si no has sido tú, deshaz el cambio en un plazo de ${lifetime}: tu correo electrónico volverá a ser esta dirección, se cerrará la sesión en todos los navegadores y aplicaciones, y se quitarán las llaves de acceso añadidas desde entonces.`,
      action: "Deshacer este cambio",
      footer: "Si has sido tú, no tienes que hacer nada.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Se ha restablecido tu correo electrónico anterior de ${brand}`,
      intro: (brand: string, masked: string) =>
        `El correo electrónico de tu cuenta de ${brand} ha vuelto a ser ${masked} con el enlace para deshacer enviado a esa dirección, y se ha cerrado la sesión en todos los navegadores y aplicaciones.`,
      what: "Si no lo esperabas, avísanos con el botón de abajo: nuestro equipo de asistencia lo revisará. Pulsarlo no cambia nada en tu cuenta ni inicia sesión a nadie.",
      action: "No he sido yo",
      footer: "Si sabes por qué se restableció, no tienes que hacer nada.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "No se ha podido leer la solicitud.",
    UNSUPPORTED_MEDIA_TYPE: "Envía esta solicitud como JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "La solicitud es demasiado grande.",
    CROSS_SITE_REQUEST: "Se ha rechazado esta solicitud porque procede de otro sitio.",
    NOT_FOUND: "No hay nada en esta dirección.",
    RATE_LIMITED: "Demasiados intentos. Vuelve a intentarlo más tarde.",
    RATE_LIMITED_WAIT: (minutes: number) => `Demasiados intentos. Espera ${durations.minutes(minutes)} y vuelve a intentarlo.`,
    LINK_UNKNOWN: "Este enlace de acceso no es válido. Pide uno nuevo.",
    LINK_USED: "Este enlace de acceso ya se ha usado. Pide uno nuevo.",
    LINK_EXPIRED: "Este enlace de acceso ha caducado. Pide uno nuevo.",
    CODE_UNKNOWN:
      "No hay ningún código pendiente para este navegador. Escribe el código en el equipo donde has pedido el correo o pide uno nuevo.",
    CODE_WRONG: "El código no es correcto.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      `El código no es correcto. ${plural("es", left, { one: "Te queda # intento.", many: "Te quedan # de intentos.", other: "Te quedan # intentos." })}`,
    CODE_EXPIRED: "Este código ha caducado. Pide un correo nuevo.",
    CODE_SPENT: "Este código ya no se puede usar. Pide un correo nuevo.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "El código no es correcto y ya no se puede usar. Pide un correo nuevo.",
    CAPTCHA_FAILED: "No se ha podido iniciar sesión",
    CAPTCHA_NOT_CONFIGURED: "Este servidor no tiene configurado ningún proveedor de captcha.",
    CHALLENGE_REQUIRED: "Confirma que eres una persona para continuar.",
    CHALLENGE_FAILED: "La comprobación no se ha completado. Inténtalo de nuevo.",
    CHALLENGE_UNAVAILABLE:
      "Ahora mismo no podemos comprobar que eres una persona. Inténtalo de nuevo dentro de un minuto o inicia sesión de otra forma.",
    INVALID_CREDENTIALS: "La dirección de correo electrónico o la contraseña no son válidas",
    PASSWORD_LOGIN_DISABLED: "El inicio de sesión con contraseña está desactivado. Inicia sesión con tu correo electrónico.",
    NOT_SIGNED_IN: "Inicia sesión primero.",
    ADMIN_ONLY: "Esta página es para administradores. Inicia sesión con una cuenta de administrador.",
    STAFF_ONLY: "La consola de asistencia es para el equipo de asistencia. Inicia sesión con una cuenta de asistencia o de administrador.",
    ADMIN_ACTION_ONLY: "Solo un administrador puede hacer esto.",
    OWN_ACCOUNT: "No puedes hacer cambios en tu propia cuenta desde la consola de asistencia. Pídeselo a otro miembro del equipo.",
    ACCOUNT_DISABLED:
      "Esta cuenta está desactivada, así que no se puede usar para iniciar sesión. Ponte en contacto con el servicio de asistencia.",
    PASSWORD_INVALID: "La nueva contraseña no cumple los requisitos.",
    PASSWORD_BREACHED:
      "Esta contraseña aparece en una lista de contraseñas filtradas de otros sitios, así que ya no se puede usar para iniciar sesión. Te hemos enviado por correo un enlace de acceso: ábrelo y crea una contraseña nueva.",
    PASSWORD_ALREADY_SET: "Esta cuenta ya tiene contraseña. Para cambiarla, usa «¿Has olvidado tu contraseña?».",
    CURRENT_PASSWORD_MISSING: "Escribe tu contraseña actual.",
    CURRENT_PASSWORD_WRONG: "Tu contraseña actual no es correcta.",
    GOOGLE_ONLY_WAY_IN:
      "Aparte del enlace por correo, Google es tu única forma de iniciar sesión. Crea primero una contraseña y después desvincula Google.",
    MICROSOFT_ONLY_WAY_IN:
      "Aparte del enlace por correo, Microsoft es tu única forma de iniciar sesión. Crea primero una contraseña y después desvincula Microsoft.",
    RESET_LINK_UNKNOWN: "Este enlace para restablecer la contraseña no es válido. Pide uno nuevo.",
    RESET_LINK_USED: "Este enlace para restablecer la contraseña ya se ha usado. Pide uno nuevo.",
    RESET_LINK_EXPIRED: "Este enlace para restablecer la contraseña ha caducado. Pide uno nuevo.",
    DELETION_LINK_UNKNOWN: "Este enlace para eliminar la cuenta no es válido o la cuenta ya se ha eliminado.",
    DELETION_LINK_USED: "Este enlace para eliminar la cuenta ya se ha usado.",
    DELETION_LINK_EXPIRED: "Este enlace para eliminar la cuenta ha caducado. Pide uno nuevo desde la página de tu cuenta.",
    PASSKEY_UNKNOWN:
      "Esta llave de acceso no está registrada en nuestro sistema o se ha quitado. Inicia sesión con tu correo electrónico y vuelve a añadir una llave de acceso.",
    PASSKEY_REFUSED: "No se ha podido verificar esta llave de acceso. Vuelve a intentarlo o inicia sesión con tu correo electrónico.",
    PASSKEY_EXPIRED: "Esta solicitud de llave de acceso ha caducado o ya se ha usado. Vuelve a intentarlo.",
    RECENT_SIGN_IN_REQUIRED: "Por tu seguridad, primero confirma que eres tú.",
    PASSWORD_SET_IN_THIS_SESSION:
      "Una contraseña creada desde que iniciaste sesión aquí no puede confirmar que eres tú. Envíate un código por correo electrónico.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "Por tu seguridad, vuelve a iniciar sesión y luego crea tu contraseña.",
    NOT_ME_LINK_UNKNOWN: "Este enlace no es válido. Vuelve a abrirlo desde el correo.",
    NOT_ME_LINK_USED: "Ya se ha cerrado la sesión en este navegador con este enlace.",
    NOT_ME_LINK_EXPIRED: "Este enlace ha caducado. Aún puedes cerrar la sesión en cualquier navegador desde la página de tu cuenta.",
    SAME_EMAIL: "Este ya es tu correo electrónico.",
    APPROVAL_UNAVAILABLE:
      "Este inicio de sesión ya no se puede aprobar desde aquí. En su lugar, inicia sesión en este dispositivo o pide un enlace nuevo.",
    APPROVAL_SAME_BROWSER: "Este es el navegador que pidió el enlace: inicia sesión aquí con el botón.",
    EMAIL_UNDELIVERABLE:
      "Nuestro correo a esta dirección no se pudo entregar, así que no hemos enviado otro. Usa otro correo o inicia sesión de otra forma.",
    APPROVAL_WRONG_NUMBER:
      "Ese número no coincidía, así que no se ha iniciado ninguna sesión. Pide un enlace nuevo en tu otro dispositivo.",
    EMAIL_CHANGE_LINK_UNKNOWN: "Este enlace no es válido o su cuenta ya no existe. Vuelve a abrirlo desde el correo.",
    EMAIL_CHANGE_LINK_USED: "Este cambio de correo electrónico ya se ha confirmado.",
    EMAIL_CHANGE_LINK_EXPIRED: "Este enlace ha caducado. Vuelve a pedir el cambio desde la página de tu cuenta.",
    EMAIL_CHANGE_CANCELLED: "Este cambio de correo electrónico se ha cancelado. No se ha cambiado nada.",
    EMAIL_CHANGE_REPLACED: "Una solicitud más reciente ha sustituido a esta. Usa el enlace del último correo.",
    EMAIL_CHANGE_UNDONE: "Este cambio de correo electrónico se ha deshecho desde la dirección anterior.",
    EMAIL_CHANGE_SUPERSEDED: "Se deshizo un cambio de correo electrónico anterior, así que este enlace ya no funciona.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "Este cambio ya se ha cancelado.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "Este enlace ha caducado, y el cambio al que se refería ya no se puede confirmar.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "La nueva dirección ya ha confirmado este cambio. Usa el enlace para deshacerlo del correo «Se ha cambiado tu correo electrónico», enviado a esta dirección.",
    EMAIL_UNDO_LINK_USED: "Este cambio ya se ha deshecho.",
    EMAIL_UNDO_LINK_EXPIRED:
      "Este enlace para deshacer el cambio ha caducado. Ponte en contacto con el servicio de asistencia para recuperar tu cuenta.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "Ya nos has avisado de este cambio. Nuestro equipo de asistencia lo tiene.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED:
      "Este enlace ha caducado. Si no fuiste tú quien restableció la dirección, ponte en contacto con el servicio de asistencia.",
    EMAIL_TAKEN_NOW: "Esta dirección ahora pertenece a otra cuenta, así que no se puede hacer el cambio.",
    OLD_EMAIL_TAKEN:
      "Tu dirección anterior ahora pertenece a otra cuenta, así que no se puede recuperar. Ponte en contacto con el servicio de asistencia.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "Este enlace no es válido o la llave de acceso ya se ha quitado.",
    PASSKEY_REMOVAL_LINK_USED: "Esta llave de acceso ya se ha quitado.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "Este enlace ha caducado. Aún puedes quitar la llave de acceso desde la página de tu cuenta.",
    DEVICE_NOT_FOUND: "Este dispositivo no está vinculado a tu cuenta.",
    BUSY: "Ahora mismo hay mucha demanda. Vuelve a intentarlo en un momento.",
    INTERNAL: "Algo ha salido mal por nuestra parte. Vuelve a intentarlo en un momento.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Iniciar sesión",
    signInErrorTitle: "Error de inicio de sesión",
    signInErrorHeading: "No hemos podido completar el inicio de sesión",
    signInErrorRetry: "Regresa a la aplicación y vuelve a intentarlo.",
    signInExpiredTitle: "Inicio de sesión caducado",
    signInExpiredHeading: "Este inicio de sesión ha caducado",
    signInExpiredText: "Regresa a la aplicación y vuelve a iniciar sesión.",
    loggingOut: "Cerrando tu sesión",
    logoutQuestion: "¿Quieres cerrar sesión?",
    logOut: "Cerrar sesión",
  },
};
