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
      licenseSince: {
        Active: (date: string) => `Activa desde el ${date}`,
        Trial: (date: string) => `De prueba desde el ${date}`,
        Expired: (date: string) => `Caducada, obtenida el ${date}`,
      } as Record<string, (date: string) => string>,
      changeEmail: "Cambiar",
      changeEmailName: "Cambiar correo electrónico",
      newEmail: "Nuevo correo electrónico",
      sendConfirmation: "Enviar confirmación",
      changeText:
        "Enviaremos a la nueva dirección un enlace para confirmarla y avisaremos a tu dirección actual. No cambiará nada hasta que se confirme la nueva dirección.",
      sent: (newEmail: string, email: string) =>
        `Te hemos enviado un enlace y un código a ${newEmail}. Abre el enlace o escribe el código aquí. Hasta entonces, tu correo electrónico sigue siendo ${email}.`,
      code: "Código del correo",
      confirmCode: "Confirmar",
      changed: (email: string) =>
        `Tu correo electrónico ahora es ${email}. Se ha cerrado la sesión en todos los demás navegadores y aplicaciones.`,
      undelivered: {
        what: (date: string) => `Nuestro correo a esta dirección no se pudo entregar el ${date}, así que hemos dejado de enviarle correos.`,
        reasons: {
          no_mailbox:
            "El servidor de correo de destino indica que ese buzón no existe. Revisa si la dirección tiene algún error y, si es incorrecta, cámbiala.",
          mailbox_full: "El servidor de correo de destino indica que el buzón está lleno. Libera algo de espacio y vuelve a intentarlo.",
          blocked:
            "El servidor de correo de destino ha bloqueado nuestro correo, quizá como spam. Puede que tu proveedor de correo o el filtro de tu empresa lo esté rechazando.",
          other: "El servidor de correo de destino no lo ha aceptado.",
        },
        reference: (reference: string) =>
          `Si te pones en contacto con nuestro equipo de asistencia, indícale esta referencia: ${reference}`,
        retry: "Volver a intentar con mi correo",
        retried: "Volveremos a enviar correos a esta dirección. Si aun así no se pueden entregar, lo verás en esta página.",
      },
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
      breached:
        "Tu contraseña aparece en una lista de contraseñas filtradas de otros sitios, así que ya no sirve para iniciar sesión. Crea una nueva.",
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
      microsoft: "Microsoft",
      microsoftNotLinked: "Sin vincular. Para vincular tu cuenta de Microsoft, usa «Continuar con Microsoft» al iniciar sesión.",
      microsoftLinked: (email: string) => `Cuenta vinculada: ${email}`,
      unlinkMicrosoft: (email: string) => `Desvincular la cuenta de Microsoft ${email}`,
      unlinkedMicrosoft: "Se ha desvinculado tu cuenta de Microsoft.",
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `El ${date} Google nos avisó de que otra persona podría haberse hecho con tu cuenta de Google, así que el inicio de sesión con Google está en pausa. Protege tu cuenta de Google con Google y después inicia sesión con tu contraseña o una llave de acceso para volver a usar Google, o contacta con nuestro equipo de soporte. No sirve una contraseña o llave de acceso añadida en el mes anterior.`,
      googleChangeAsked: (date: string) =>
        `El ${date} Google te pidió que cambiaras la contraseña de tu cuenta de Google. Hasta que vuelvas a iniciar sesión con Google, revisa la seguridad de tu cuenta de Google con Google.`,
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
    confirm: {
      heading: "Confirma que eres tú",
      text: "Por tu seguridad, confirma que eres tú antes de añadir una llave de acceso.",
      /** The same, before a first password and before an email change. */
      textPassword: "Por tu seguridad, confirma que eres tú antes de crear una contraseña.",
      textEmail: "Por tu seguridad, confirma que eres tú antes de cambiar tu correo electrónico.",
      password: "Contraseña actual",
      confirm: "Confirmar",
      emailCode: "Enviarme un código por correo",
      emailCodeInstead: "Prefiero recibir un código por correo",
      codeSent: (email: string) => `Te hemos enviado un código de 6 dígitos a ${email}.`,
      code: "Código de 6 dígitos",
      cancel: "Cancelar",
    },
    removePasskeys: {
      legend: "Quitar también estas llaves de acceso",
      hint: "Las llaves de acceso añadidas en los últimos 30 días están marcadas: si otra persona había iniciado sesión en tu cuenta, puede que haya añadido una.",
      passkey: (name: string, added: string) => `${name}, añadida el ${added}`,
    },
    notMe: {
      title: "¿No has sido tú?",
      checking: "Comprobando el enlace...",
      what: (browser: string, network: string, when: string) => `${browser} (red ${network}) inició sesión en tu cuenta el ${when}.`,
      effect:
        "Al cerrar su sesión, también se cierra en todas las aplicaciones en las que la inició y se quita cualquier llave de acceso que haya añadido.",
      signOut: "Cerrar sesión en ese navegador",
      doneTitle: "Se ha cerrado la sesión en ese navegador",
      done: "Se ha cerrado su sesión en tu cuenta y en todas las aplicaciones en las que la inició, y se ha quitado cualquier llave de acceso que hubiera añadido.",
      review: "Ahora, revisa tu cuenta: podemos enviarte un enlace de acceso por correo.",
      emailLink: "Enviarme un enlace de acceso",
      linkSent: (email: string) => `Te hemos enviado un enlace de acceso a ${email}.`,
      problemTitle: "No se puede usar este enlace",
    },
    emailChange: {
      checking: "Comprobando el enlace...",
      problemTitle: "No se puede usar este enlace",
      confirmTitle: "Confirma tu nuevo correo electrónico",
      confirmWhat: (email: string, newEmail: string) => `Se cambiará el correo electrónico de tu cuenta de ${email} a ${newEmail}.`,
      confirmEffect:
        "A partir de entonces, iniciarás sesión con la nueva dirección. Se cerrará la sesión en los demás navegadores y aplicaciones.",
      confirm: "Confirmar nuevo correo",
      confirmedTitle: "Se ha cambiado tu correo electrónico",
      confirmed: (newEmail: string) => `Tu correo electrónico ahora es ${newEmail}. A partir de ahora, inicia sesión con él.`,
      cancelTitle: "¿Cancelar este cambio de correo electrónico?",
      cancelWhat: (newEmail: string, when: string) => `El ${when}, alguien pidió cambiar el correo electrónico de tu cuenta a ${newEmail}.`,
      cancelEffect: "Al cancelarlo, tu correo electrónico se queda como está y se cierra la sesión en el navegador que pidió el cambio.",
      cancel: "Cancelar el cambio",
      cancelledTitle: "Se ha cancelado el cambio",
      cancelled: "Tu correo electrónico sigue como estaba y se ha cerrado la sesión en el navegador que pidió el cambio.",
      undoTitle: "¿Deshacer el cambio de correo electrónico?",
      undoWhat: (email: string, newEmail: string) => `${email} volverá a ser el correo electrónico de tu cuenta, en lugar de ${newEmail}.`,
      undoEffect:
        "Se cerrará la sesión en todos los navegadores y aplicaciones, y se quitará cualquier llave de acceso, contraseña o cuenta de Google o Microsoft vinculada que se haya añadido desde que se pidió el cambio.",
      undo: "Recuperar mi correo electrónico",
      undoneTitle: "Se ha recuperado tu correo electrónico",
      undone: (email: string) =>
        `${email} vuelve a ser el correo electrónico de tu cuenta y se ha cerrado la sesión en todos los navegadores y aplicaciones.`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "¿Avisarnos de que no has sido tú?",
      disputeWhat: (email: string, when: string) =>
        `El ${when}, el correo electrónico de tu cuenta volvió a ser ${email} con el enlace para deshacer enviado a esa dirección.`,
      disputeEffect:
        "Avisarnos no cambia nada en la cuenta ni inicia sesión a nadie: nuestro equipo de asistencia lo revisará y comprobará quién tiene la cuenta antes de mover nada.",
      dispute: "No he sido yo",
      disputedTitle: "Hemos avisado a nuestro equipo de asistencia",
      disputed:
        "Hemos avisado a nuestro equipo de asistencia. Pulsar el botón no ha iniciado sesión a nadie y no se ha cambiado nada en la cuenta.",
      disputedNext: (brand: string) =>
        `Para hablar con ellos, envía una solicitud de asistencia desde ${brand} en tu ordenador e indica esta dirección y aquella a la que volvió tu cuenta.`,
    },
    passkeyRemoval: {
      title: "¿Quitar esta llave de acceso?",
      checking: "Comprobando el enlace...",
      what: (name: string, browser: string, when: string) => `La llave de acceso ${name} se añadió desde ${browser} el ${when}.`,
      effect: "Al quitarla, también se cierra la sesión en el navegador que la añadió.",
      remove: "Quitar llave de acceso",
      removedTitle: "Se ha quitado la llave de acceso",
      removed: "Se ha quitado la llave de acceso y se ha cerrado la sesión en el navegador que la añadió.",
      next: "Si no la has añadido tú, revisa tu cuenta ahora: cierra la sesión en todas partes y cambia tu contraseña si tienes una.",
      account: "Ir a tu cuenta",
      problemTitle: "No se puede usar este enlace",
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
      confirmSignOutEverywhereElse: "Cerrar las demás sesiones ahora",
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
        microsoft: "con Microsoft",
        passkey: "con una llave de acceso",
      } as Record<string, string>,
      /** An app inside a sentence: "Se ha iniciado sesión en DS One para escritorio". */
      desktopApp: (brand: string) => `${brand} para escritorio`,
      webApp: (brand: string) => `${brand} en la web`,
      unknownApp: (clientId: string) => `la aplicación ${clientId}`,
      unknownBrowser: "un navegador desconocido",
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/kernel/audit-trail.ts). */
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
        microsoftLinked: "Se ha vinculado tu cuenta de Microsoft",
        microsoftUnlinked: "Se ha desvinculado tu cuenta de Microsoft",
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
        identityConfirmed: "Has confirmado que eras tú",
        signInReported: "Se ha indicado que un inicio de sesión no era tuyo y se ha cerrado la sesión en ese navegador",
        emailChangeRequested: "Se ha pedido cambiar tu correo electrónico",
        emailChanged: "Se ha cambiado tu correo electrónico",
        emailChangeCancelled: "Se ha cancelado un cambio de tu correo electrónico",
        emailChangeUndone:
          "Se ha deshecho un cambio de tu correo electrónico y se ha cerrado la sesión en todos los navegadores y aplicaciones",
        emailChangeUndoDisputed: "La dirección sustituida indicó que la vuelta a tu correo electrónico anterior no fue cosa suya",
        supportSearched: "Se ha encontrado tu cuenta en una búsqueda",
        supportViewed: "Se ha consultado tu cuenta",
        rateLimitsCleared: "Se han levantado los límites de intentos de inicio de sesión",
        accountDisabled: "Se ha desactivado tu cuenta",
        accountEnabled: "Se ha vuelto a activar tu cuenta",
        roleChanged: "Se ha cambiado el rol de tu cuenta",
        mailCleared: "Se han reactivado los correos a tu dirección",
        googleSessionsRevoked:
          "Google cerró las sesiones de tu cuenta de Google, así que se cerró la sesión en todos los navegadores y aplicaciones",
        googleTokensRevoked:
          "Google indicó que se revocó nuestro acceso a tu cuenta de Google, así que se cerró la sesión en todos los navegadores y aplicaciones",
        googleAccountHijacked:
          "Google indicó que otra persona podría haberse hecho con tu cuenta de Google: se cerró la sesión en todos los navegadores y aplicaciones y se pausó el inicio de sesión con Google",
        googleAccountDisabled: "Google indicó que tu cuenta de Google se desactivó",
        googleAccountEnabled: "Google indicó que tu cuenta de Google se volvió a activar",
        googleCredentialChangeRequired: "Google te pidió que cambiaras la contraseña de tu cuenta de Google",
        googleHoldCleared: "Se reactivó el inicio de sesión con Google",
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
      text: "Al eliminar tu cuenta, se cierra tu sesión en todas partes, se desvinculan Google, Microsoft y tus dispositivos, se quitan tus licencias (incluidas las de pago) y se borran tus datos y tu actividad. No se puede deshacer.",
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
      "se quitarán su contraseña, sus vinculaciones con Google y Microsoft, sus dispositivos y su configuración;",
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
