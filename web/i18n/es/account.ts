import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/account.ts";
import { strings as shared } from "./shared.ts";

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  account: {
    title: "Tu cuenta",
    loading: "Cargando tu cuenta...",
    loadFailed: "No se ha podido mostrar tu cuenta. Vuelve a intentarlo.",
    signOut: "Cerrar sesión",
    who: {
      heading: "Tus datos",
      email: "Correo electrónico",
      name: "Nombre",
      noName: "Sin nombre",
      edit: "Editar",
      editName: "Editar nombre",
      save: "Guardar",
      cancel: "Cancelar",
      saved: "Se ha guardado tu nombre.",
      licenses: "Licencias",
      noLicenses: "Esta cuenta aún no tiene licencias.",
      licenseState: { Active: "Activa", Trial: "De prueba", Expired: "Caducada" } as Record<string, string>,
    },
    methods: {
      heading: "Cómo inicias sesión",
      link: "Enlace por correo",
      linkText: "Te enviamos por correo un enlace o un código personal. Siempre funciona.",
      password: "Contraseña",
      passwordSet: "Ya tienes una contraseña.",
      passwordNotSet: "Aún no tienes contraseña.",
      changePassword: "Cambiar contraseña",
      setPassword: "Crear contraseña",
      currentPassword: "Contraseña actual",
      savePassword: "Guardar contraseña",
      passwordSaved: "Se ha guardado tu contraseña. Se ha cerrado la sesión en todos los demás navegadores y aplicaciones.",
      forgotCurrent: "¿La has olvidado? Envíame un enlace para crear una nueva",
      resetSent: (email: string) => `Te hemos enviado un enlace a ${email}. Ábrelo para crear una contraseña nueva.`,
      google: "Google",
      googleNotLinked: "Sin vincular. Para vincular tu cuenta de Google, usa «Continuar con Google» al iniciar sesión.",
      googleLinked: (email: string) => `Cuenta vinculada: ${email}`,
      unlink: "Desvincular",
      unlinkGoogle: (email: string) => `Desvincular la cuenta de Google ${email}`,
      unlinked: "Se ha desvinculado tu cuenta de Google.",
    },
    passkeys: {
      heading: "Llaves de acceso",
      text: "Con una llave de acceso, inicias sesión con tu huella digital, tu rostro o el bloqueo de pantalla, sin esperar ningún correo.",
      none: "Aún no tienes llaves de acceso.",
      add: "Añadir llave de acceso",
      added: "Se ha añadido tu llave de acceso.",
      thisBrowser: "Creada en este navegador",
      synced: "sincronizada",
      created: (date: string) => `Añadida el ${date}`,
      lastUsed: (date: string) => `último uso: ${date}`,
      neverUsed: "aún no se ha usado",
      rename: "Cambiar nombre",
      renameNamed: (name: string) => `Cambiar el nombre de la llave de acceso ${name}`,
      nameLabel: "Nombre de la llave de acceso",
      save: "Guardar",
      cancel: "Cancelar",
      renamed: "Se ha cambiado el nombre de la llave de acceso.",
      remove: "Quitar",
      removeNamed: (name: string) => `Quitar la llave de acceso ${name}`,
      removed: (name: string) => `Se ha quitado ${name}. Puedes seguir iniciando sesión con un enlace por correo.`,
    },
    places: {
      heading: "Dónde has iniciado sesión",
      browsers: "Navegadores",
      apps: "Aplicaciones",
      thisBrowser: "Este navegador",
      unknownBrowser: "Un navegador",
      browserOn: (browser: string, system: string) => `${browser} en ${system}`,
      /** First of the details, before "Sesión iniciada el…": the network, as an approximate place. */
      near: (network: string) => `Red ${network}`,
      since: (date: string) => `Sesión iniciada el ${date}`,
      lastUsed: (date: string) => `último uso: ${date}`,
      noApps: "No hay ninguna aplicación con la sesión iniciada.",
      allBrowsers: (count: number) => `Mostrar los ${count} navegadores`,
      desktopApp: (brand: string) => `${brand} para escritorio`,
      webApp: (brand: string) => `${brand} en la web`,
      app: (clientId: string) => `Aplicación ${clientId}`,
      appSince: (date: string) => `Desde el ${date}`,
      signOut: "Cerrar sesión",
      signOutNamed: (name: string) => `Cerrar sesión en ${name}`,
      signOutEverywhereElse: "Cerrar las demás sesiones",
      signedOut: (name: string) => `Se ha cerrado la sesión en ${name}.`,
      signedOutEverywhereElse: "Se ha cerrado la sesión en todos los demás navegadores y aplicaciones.",
    },
    activity: {
      heading: "Actividad reciente",
      intro: "Los últimos 30 días, empezando por lo más reciente.",
      none: "No hay actividad en los últimos 30 días.",
      more: (older: number) => (older === 1 ? "Mostrar 1 entrada anterior" : `Mostrar entradas anteriores (${older})`),
      /** How each way in reads in a sentence: "Se ha iniciado sesión con un enlace por correo". */
      methods: {
        link: "con un enlace por correo",
        code: "con el código de un correo",
        password: "con tu contraseña",
        google: "con Google",
        passkey: "con una llave de acceso",
      } as Record<string, string>,
      /** An app inside a sentence: "Se ha iniciado sesión en DS One para escritorio". */
      desktopApp: (brand: string) => `${brand} para escritorio`,
      webApp: (brand: string) => `${brand} en la web`,
      unknownApp: (clientId: string) => `la aplicación ${clientId}`,
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/audit-trail.ts). */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) =>
          `Se ha iniciado sesión${app ? ` en ${app}` : ""}${how ? ` ${how}` : ""}`,
        signInRefused: (how: string | undefined) => `Se ha rechazado un inicio de sesión${how ? ` ${how}` : ""}`,
        wrongPasswordRefused: "Se ha rechazado un inicio de sesión con una contraseña incorrecta",
        accessLinkRequested: "Se ha enviado un enlace de acceso por correo",
        passwordResetRequested: "Se ha enviado por correo un enlace para restablecer la contraseña",
        passwordSet: "Se ha creado una contraseña",
        passwordChanged: "Se ha cambiado tu contraseña",
        passwordChangeRefused: "Se ha rechazado un cambio de contraseña porque la contraseña actual era incorrecta",
        googleLinked: "Se ha vinculado tu cuenta de Google",
        googleUnlinked: "Se ha desvinculado tu cuenta de Google",
        signedOut: "Se ha cerrado la sesión en un navegador",
        signedOutEverywhere: "Se ha cerrado la sesión en todos los navegadores y aplicaciones",
        appSignedOut: (app: string | undefined) =>
          app ? `Se ha cerrado la sesión en ${app}` : "Se ha cerrado la sesión en una aplicación",
        newBrowser: "Un navegador nuevo ha iniciado sesión",
        licenseChanged: "Se ha modificado una licencia",
        deviceLinked: "Se ha vinculado un equipo",
        nameChanged: "Se ha cambiado tu nombre",
        accountCreated: "Se ha creado tu cuenta",
        dataExported: "Se han descargado tus datos",
        accountDeletionRequested: "Has pedido eliminar tu cuenta",
        passkeyRegistered: "Se ha añadido una llave de acceso",
        passkeyRenamed: "Se ha cambiado el nombre de una llave de acceso",
        passkeyRemoved: "Se ha quitado una llave de acceso",
        passkeyRefused: "Se ha rechazado un inicio de sesión con una llave de acceso",
        supportSearched: "Se ha encontrado tu cuenta en una búsqueda",
        supportViewed: "Se ha consultado tu cuenta",
        rateLimitsCleared: "Se han levantado los límites de intentos de inicio de sesión",
        accountDisabled: "Se ha desactivado tu cuenta",
        accountEnabled: "Se ha vuelto a activar tu cuenta",
        roleChanged: "Se ha cambiado el rol de tu cuenta",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence: what happened, then by our support team or from which browser and
       * network, and whether the browser was new: "Se ha iniciado sesión con un enlace por correo
       * desde Chrome en Windows (red 203.0.113.0). Es un navegador nuevo para tu cuenta."
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) => {
        const by = where.bySupport
          ? ". Acción realizada por nuestro equipo de asistencia"
          : where.device
            ? ` desde ${where.device}`
            : where.network
              ? ` desde la red ${where.network}`
              : "";
        const network = where.network && where.device && !where.bySupport ? ` (red ${where.network})` : "";
        const fresh = where.newBrowser ? ". Es un navegador nuevo para tu cuenta" : "";
        return `${what}${by}${network}${fresh}.`;
      },
    },
    data: {
      heading: "Descarga tus datos",
      text: "Descarga una copia de todo lo que guardamos sobre tu cuenta, en un archivo JSON.",
      download: "Descargar mis datos",
    },
    delete: {
      heading: "Elimina tu cuenta",
      text: "Al eliminar tu cuenta, se cierra tu sesión en todas partes, se desvinculan Google y tus dispositivos, se quitan tus licencias (incluidas las de pago) y se borran tus datos y tu actividad. No se puede deshacer.",
      request: "Eliminar mi cuenta",
      confirmText: "Te enviaremos por correo un enlace para confirmarlo. No se eliminará nada hasta que lo abras.",
      confirm: "Enviarme el enlace",
      cancel: "Cancelar",
      sent: (email: string) => `Te hemos enviado un enlace a ${email}. Ábrelo para confirmar: solo funciona una vez y caduca pronto.`,
    },
  },
  deleteAccount: {
    title: "Elimina tu cuenta",
    checking: "Comprobando tu enlace...",
    text: (email: string) => `Se eliminará la cuenta ${email}:`,
    effects: [
      "se cerrará la sesión en todos los navegadores, equipos y aplicaciones que la usen;",
      "se quitarán su contraseña, su vinculación con Google, sus dispositivos y su configuración;",
      "finalizarán sus licencias, incluidas las de pago;",
      "se borrarán sus datos y su actividad.",
    ],
    cannotUndo: "No se puede deshacer.",
    confirm: "Eliminar mi cuenta",
    keep: "Conservar mi cuenta",
    deletedTitle: "Se ha eliminado tu cuenta",
    deletedText: "Hemos eliminado tu cuenta y te hemos enviado un último correo para confirmarlo. Gracias por haber estado con nosotros.",
    keptTitle: "Conservas tu cuenta",
    keptText: "No se ha eliminado nada y el enlace del correo ya no funciona.",
    refusedTitle: "No se puede usar este enlace",
    incomplete: "Este enlace está incompleto. Vuelve a abrirlo desde el correo o pide uno nuevo en la página de tu cuenta.",
    toBrand: (name: string) => `Ir a ${name}`,
    failed: "No se ha podido eliminar tu cuenta. Vuelve a intentarlo.",
    checkFailed: "No hemos podido comprobar tu enlace en este momento. Vuelve a intentarlo.",
    retry: "Reintentar",
    toAccount: "Ir a mi cuenta",
  },
};
