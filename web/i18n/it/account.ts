import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/account.ts";
import { strings as shared } from "./shared.ts";

/** An app phrase ("l'app …", "la versione web …") after "a" or "di", with the article joined: "all'app", "della versione". */
function joined(preposition: "a" | "di", app: string): string {
  const base = preposition === "a" ? "a" : "de";
  if (app.startsWith("l'")) return `${base}l${app}`;
  if (app.startsWith("la ")) return `${base}l${app}`;
  return `${preposition} ${app}`;
}

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  account: {
    title: "Il tuo account",
    loading: "Caricamento dell'account...",
    loadFailed: "Non è stato possibile mostrare il tuo account. Riprova.",
    signOut: "Esci",
    who: {
      heading: "Il tuo profilo",
      email: "Email",
      name: "Nome",
      noName: "Nessun nome indicato",
      edit: "Modifica",
      editName: "Modifica nome",
      save: "Salva",
      cancel: "Annulla",
      saved: "Il tuo nome è stato salvato.",
      licenses: "Licenze",
      noLicenses: "Ancora nessuna licenza su questo account.",
      licenseState: { Active: "Attiva", Trial: "Prova", Expired: "Scaduta" } as Record<string, string>,
      licenseSince: {
        Active: (date: string) => `Attiva dal ${date}`,
        Trial: (date: string) => `In prova dal ${date}`,
        Expired: (date: string) => `Scaduta, attivata il ${date}`,
      } as Record<string, (date: string) => string>,
      changeEmail: "Modifica",
      changeEmailName: "Modifica indirizzo email",
      newEmail: "Nuovo indirizzo email",
      sendConfirmation: "Invia conferma",
      changeText:
        "Invieremo al nuovo indirizzo un link per confermarlo e avviseremo il tuo indirizzo attuale. Non cambia nulla finché il nuovo indirizzo non viene confermato.",
      sent: (newEmail: string, email: string) =>
        `Abbiamo inviato un link e un codice a ${newEmail}. Apri il link o inserisci qui il codice. Fino ad allora il tuo indirizzo email resta ${email}.`,
      code: "Codice ricevuto via email",
      confirmCode: "Conferma",
      changed: (email: string) => `Il tuo indirizzo email ora è ${email}. Abbiamo disconnesso tutti gli altri browser e app.`,
      undelivered: {
        what: (date: string) =>
          `Il ${date} non siamo riusciti a recapitare la nostra email a questo indirizzo, quindi abbiamo smesso di inviarvi email.`,
        reasons: {
          no_mailbox:
            "Il server di posta del destinatario indica che questa casella non esiste. Controlla che l'indirizzo non contenga errori di battitura e, se è sbagliato, cambialo.",
          mailbox_full: "Il server di posta del destinatario indica che la casella è piena. Libera un po' di spazio, poi riprova.",
          blocked:
            "Il server di posta del destinatario ha bloccato la nostra email, forse come spam. Potrebbe rifiutarla il tuo provider di posta o il filtro della tua azienda.",
          other: "Il server di posta del destinatario non l'ha accettata.",
        },
        reference: (reference: string) => `Se contatti il nostro team di assistenza, indica questo riferimento: ${reference}`,
        retry: "Riprova con la mia email",
        retried:
          "Ti scriveremo di nuovo a questo indirizzo. Se la nostra email non potrà ancora essere recapitata, lo vedrai in questa pagina.",
      },
    },
    methods: {
      heading: "Come accedi",
      link: "Link via email",
      linkText: "Ti inviamo via email un link personale o un codice. Funziona sempre.",
      password: "Password",
      passwordSet: "Hai impostato una password.",
      passwordNotSet: "Non hai ancora una password.",
      changePassword: "Cambia password",
      setPassword: "Imposta una password",
      breached:
        "La tua password compare in un elenco di password trapelate da altri siti, quindi non può più essere usata per accedere. Impostane una nuova.",
      currentPassword: "Password attuale",
      savePassword: "Salva password",
      passwordSaved: "La tua password è stata salvata. Abbiamo disconnesso tutti gli altri browser e app.",
      forgotCurrent: "Non la ricordi? Inviami un link per impostarne una nuova",
      resetSent: (email: string) => `Abbiamo inviato un link a ${email}. Aprilo per impostare una nuova password.`,
      google: "Google",
      googleNotLinked: "Non collegato. Per collegarlo, scegli Continua con Google in una schermata di accesso.",
      googleLinked: (email: string) => `Collegato a ${email}`,
      unlink: "Scollega",
      unlinkGoogle: (email: string) => `Scollega l'account Google ${email}`,
      unlinked: "L'account Google è stato scollegato.",
      microsoft: "Microsoft",
      microsoftNotLinked: "Non collegato. Per collegarlo, scegli Continua con Microsoft in una schermata di accesso.",
      microsoftLinked: (email: string) => `Collegato a ${email}`,
      unlinkMicrosoft: (email: string) => `Scollega l'account Microsoft ${email}`,
      unlinkedMicrosoft: "L'account Microsoft è stato scollegato.",
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `Il ${date} Google ci ha segnalato che qualcun altro potrebbe aver preso il controllo del tuo account Google, quindi l'accesso con Google è sospeso. Metti al sicuro il tuo account Google con Google, poi accedi con la tua password o una passkey per usare di nuovo Google, oppure contatta il nostro team di assistenza. Non vale una password o una passkey aggiunta nel mese precedente.`,
      googleChangeAsked: (date: string) =>
        `Il ${date} Google ti ha chiesto di cambiare la password del tuo account Google. Finché non accedi di nuovo con Google, controlla la sicurezza del tuo account Google con Google.`,
    },
    passkeys: {
      heading: "Passkey",
      text: "Con una passkey accedi con l'impronta digitale, il volto o il blocco schermo, senza dover aspettare un'email.",
      none: "Ancora nessuna passkey.",
      add: "Aggiungi una passkey",
      added: "La passkey è stata aggiunta.",
      thisBrowser: "Creata in questo browser",
      synced: "sincronizzata",
      created: (date: string) => `Aggiunta: ${date}`,
      lastUsed: (date: string) => `ultimo utilizzo: ${date}`,
      neverUsed: "mai usata",
      rename: "Rinomina",
      renameNamed: (name: string) => `Rinomina la passkey ${name}`,
      nameLabel: "Nome della passkey",
      save: "Salva",
      cancel: "Annulla",
      renamed: "La passkey è stata rinominata.",
      remove: "Rimuovi",
      removeNamed: (name: string) => `Rimuovi la passkey ${name}`,
      removed: (name: string) => `La passkey ${name} è stata rimossa. Puoi comunque accedere con un link via email.`,
    },
    confirm: {
      heading: "Conferma la tua identità",
      text: "Per la tua sicurezza, conferma la tua identità prima di aggiungere una passkey.",
      /** The same, before a first password and before an email change. */
      textPassword: "Per la tua sicurezza, conferma la tua identità prima di impostare una password.",
      textEmail: "Per la tua sicurezza, conferma la tua identità prima di modificare il tuo indirizzo email.",
      password: "Password attuale",
      confirm: "Conferma",
      emailCode: "Inviami un codice via email",
      emailCodeInstead: "Inviami invece un codice via email",
      codeSent: (email: string) => `Abbiamo inviato un codice a 6 cifre a ${email}.`,
      code: "Codice a 6 cifre",
      cancel: "Annulla",
    },
    removePasskeys: {
      legend: "Rimuovi anche queste passkey",
      hint: "Le passkey aggiunte negli ultimi 30 giorni sono selezionate: se qualcun altro ha effettuato l'accesso al tuo account, potrebbe averne aggiunta una.",
      passkey: (name: string, added: string) => `${name}, aggiunta: ${added}`,
    },
    notMe: {
      title: "Non eri tu?",
      checking: "Verifica del link in corso...",
      what: (browser: string, network: string, when: string) =>
        `${browser}, rete ${network}, ha effettuato l'accesso al tuo account in data ${when}.`,
      effect:
        "Disconnettendolo, lo disconnetti anche da tutte le app a cui ha effettuato l'accesso e rimuovi le eventuali passkey che ha aggiunto.",
      signOut: "Disconnetti quel browser",
      doneTitle: "Browser disconnesso",
      done: "Abbiamo disconnesso il browser dal tuo account e da tutte le app a cui ha effettuato l'accesso, e abbiamo rimosso le eventuali passkey che ha aggiunto.",
      review: "Ora controlla il tuo account: possiamo inviarti un link di accesso via email.",
      emailLink: "Inviami un link di accesso via email",
      linkSent: (email: string) => `Abbiamo inviato un link di accesso a ${email}.`,
      problemTitle: "Questo link non può essere usato",
    },
    emailChange: {
      checking: "Verifica del link in corso...",
      problemTitle: "Questo link non può essere usato",
      confirmTitle: "Conferma il tuo nuovo indirizzo email",
      confirmWhat: (email: string, newEmail: string) => `L'indirizzo email del tuo account verrà cambiato da ${email} a ${newEmail}.`,
      confirmEffect: "Da quel momento accederai con il nuovo indirizzo. Gli altri browser e app verranno disconnessi.",
      confirm: "Conferma il nuovo indirizzo email",
      confirmedTitle: "Il tuo indirizzo email è stato modificato",
      confirmed: (newEmail: string) => `Il tuo indirizzo email ora è ${newEmail}. D'ora in poi accedi con questo indirizzo.`,
      cancelTitle: "Vuoi annullare questa modifica dell'indirizzo email?",
      cancelWhat: (newEmail: string, when: string) =>
        `In data ${when} qualcuno ha chiesto di cambiare l'indirizzo email del tuo account in ${newEmail}.`,
      cancelEffect: "Annullandola, il tuo indirizzo email resta invariato e disconnetti il browser da cui è stata richiesta la modifica.",
      cancel: "Annulla la modifica",
      cancelledTitle: "Modifica annullata",
      cancelled: "Il tuo indirizzo email resta invariato e abbiamo disconnesso il browser da cui è stata richiesta la modifica.",
      undoTitle: "Vuoi annullare la modifica dell'indirizzo email?",
      undoWhat: (email: string, newEmail: string) =>
        `${email} tornerà a essere l'indirizzo email del tuo account, al posto di ${newEmail}.`,
      undoEffect:
        "Tutti i browser e le app verranno disconnessi e verranno rimossi eventuali passkey, password o collegamenti a Google o Microsoft aggiunti dopo la richiesta di modifica.",
      undo: "Ripristina il mio indirizzo email",
      undoneTitle: "Il tuo indirizzo email è stato ripristinato",
      undone: (email: string) => `${email} è di nuovo l'indirizzo email del tuo account e abbiamo disconnesso tutti i browser e le app.`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "Vuoi segnalarci che non eri tu?",
      disputeWhat: (email: string, when: string) =>
        `In data ${when} l'indirizzo email del tuo account è tornato a essere ${email} con il link per annullare inviato a quell'indirizzo.`,
      disputeEffect:
        "La segnalazione non cambia nulla nell'account e non fa accedere nessuno: il nostro team di assistenza se ne occupa e verifica chi ha l'account prima di spostare qualcosa.",
      dispute: "Non ero io",
      disputedTitle: "Il nostro team di assistenza è stato avvisato",
      disputed:
        "Il nostro team di assistenza è stato avvisato. Il pulsante non ha fatto accedere nessuno e nell'account non è cambiato nulla.",
      disputedNext: (brand: string) =>
        `Per contattarlo, invia una richiesta di assistenza da ${brand} sul tuo computer, indicando questo indirizzo e quello a cui è tornato il tuo account.`,
    },
    passkeyRemoval: {
      title: "Vuoi rimuovere questa passkey?",
      checking: "Verifica del link in corso...",
      what: (name: string, browser: string, when: string) => `La passkey ${name} è stata aggiunta da ${browser} in data ${when}.`,
      effect: "Rimuovendola, disconnetti anche il browser che l'ha aggiunta.",
      remove: "Rimuovi passkey",
      removedTitle: "Passkey rimossa",
      removed: "La passkey è stata rimossa e abbiamo disconnesso il browser che l'ha aggiunta.",
      next: "Se non l'hai aggiunta tu, controlla subito il tuo account: disconnettiti ovunque e cambia la password, se ne hai una.",
      account: "Vai al tuo account",
      problemTitle: "Questo link non può essere usato",
    },
    places: {
      heading: "Dove hai effettuato l'accesso",
      browsers: "Browser",
      apps: "App",
      thisBrowser: "Questo browser",
      unknownBrowser: "Un browser",
      browserOn: (browser: string, system: string) => `${browser} su ${system}`,
      near: (network: string) => `rete ${network}`,
      since: (date: string) => `Accesso: ${date}`,
      lastUsed: (date: string) => `ultimo utilizzo: ${date}`,
      noApps: "Nessuna app connessa.",
      allBrowsers: (count: number) => `Mostra tutti i ${count} browser`,
      desktopApp: (brand: string) => `${brand} per desktop`,
      webApp: (brand: string) => `${brand} sul web`,
      app: (clientId: string) => `App ${clientId}`,
      appSince: (date: string) => `Accesso: ${date}`,
      signOut: "Disconnetti",
      signOutNamed: (name: string) => `Disconnetti ${name}`,
      signOutEverywhereElse: "Disconnetti tutti gli altri",
      signedOut: (name: string) => `${name}: disconnessione completata.`,
      signedOutEverywhereElse: "Abbiamo disconnesso tutti gli altri browser e app.",
      confirmSignOutEverywhereElse: "Disconnetti tutti gli altri ora",
    },
    activity: {
      heading: "Attività recente",
      intro: "Gli ultimi 30 giorni, dalle più recenti.",
      none: "Nessuna attività negli ultimi 30 giorni.",
      more: (older: number) => (older === 1 ? "Mostra 1 voce meno recente" : `Mostra le voci meno recenti (${older})`),
      /** How each way in reads in a sentence: "Accesso effettuato con un link via email". */
      methods: {
        link: "con un link via email",
        code: "con il codice ricevuto via email",
        password: "con la tua password",
        google: "con Google",
        microsoft: "con Microsoft",
        passkey: "con una passkey",
      } as Record<string, string>,
      /** An app inside a sentence, with its article (joined to "a"/"di" by `joined`): "Accesso effettuato all'app desktop di DS One". */
      desktopApp: (brand: string) => `l'app desktop di ${brand}`,
      webApp: (brand: string) => `la versione web di ${brand}`,
      unknownApp: (clientId: string) => `l'app ${clientId}`,
      unknownBrowser: "un browser sconosciuto",
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/kernel/audit-trail.ts). */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) =>
          `Accesso effettuato${app ? ` ${joined("a", app)}` : ""}${how ? ` ${how}` : ""}`,
        signInRefused: (how: string | undefined) => `Tentativo di accesso${how ? ` ${how}` : ""} rifiutato`,
        wrongPasswordRefused: "Tentativo di accesso con una password errata rifiutato",
        accessLinkRequested: "Link di accesso inviato via email",
        passwordResetRequested: "Link per reimpostare la password inviato via email",
        passwordSet: "Password impostata",
        passwordChanged: "Password modificata",
        passwordChangeRefused: "Modifica della password rifiutata per password attuale errata",
        googleLinked: "Account Google collegato",
        googleUnlinked: "Account Google scollegato",
        microsoftLinked: "Account Microsoft collegato",
        microsoftUnlinked: "Account Microsoft scollegato",
        signedOut: "Disconnessione di un browser",
        signedOutEverywhere: "Disconnessione da tutti i browser e le app",
        appSignedOut: (app: string | undefined) => (app ? `Disconnessione ${joined("di", app)}` : "Disconnessione di un'app"),
        newBrowser: "Primo accesso da un nuovo browser",
        licenseChanged: "Licenza modificata",
        deviceLinked: "Computer collegato",
        nameChanged: "Nome modificato",
        accountCreated: "Account creato",
        dataExported: "Dati scaricati",
        accountDeletionRequested: "Richiesta di eliminazione dell'account",
        passkeyRegistered: "Passkey aggiunta",
        passkeyRenamed: "Passkey rinominata",
        passkeyRemoved: "Passkey rimossa",
        passkeyRefused: "Tentativo di accesso con una passkey rifiutato",
        identityConfirmed: "Identità confermata",
        signInReported: "Accesso segnalato come non tuo, con disconnessione del browser",
        emailChangeRequested: "Richiesta di modifica dell'indirizzo email",
        emailChanged: "Indirizzo email modificato",
        emailChangeCancelled: "Richiesta di modifica dell'indirizzo email annullata",
        emailChangeUndone: "Modifica dell'indirizzo email annullata, con disconnessione di tutti i browser e le app",
        emailChangeUndoDisputed: "Ritorno all'indirizzo email precedente segnalato come non suo dall'indirizzo sostituito",
        supportSearched: "Account trovato in una ricerca",
        supportViewed: "Account consultato",
        rateLimitsCleared: "Limiti sui tentativi di accesso rimossi",
        accountDisabled: "Account disattivato",
        accountEnabled: "Account riattivato",
        roleChanged: "Ruolo dell'account modificato",
        mailCleared: "Invio di email al tuo indirizzo ripristinato",
        googleSessionsRevoked:
          "Google ha chiuso le sessioni del tuo account Google, quindi tutti i browser e le app sono stati disconnessi",
        googleTokensRevoked:
          "Google ha segnalato che il nostro accesso al tuo account Google è stato revocato, quindi tutti i browser e le app sono stati disconnessi",
        googleAccountHijacked:
          "Google ha segnalato che il tuo account Google potrebbe essere stato violato: tutti i browser e le app sono stati disconnessi e l'accesso con Google è stato sospeso",
        googleAccountDisabled: "Google ha segnalato che il tuo account Google è stato disattivato",
        googleAccountEnabled: "Google ha segnalato che il tuo account Google è stato riattivato",
        googleCredentialChangeRequired: "Google ti ha chiesto di cambiare la password del tuo account Google",
        googleHoldCleared: "Accesso con Google ripristinato",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence: what happened, then in brackets by our support team or from which
       * browser, on which network, and whether the browser was new: "Accesso effettuato con un link
       * via email (da Chrome on Windows, rete 203.0.113.0, browser mai usato prima con questo account)."
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) => {
        const details = [
          where.bySupport ? "dal nostro team di assistenza" : undefined,
          !where.bySupport && where.device ? `da ${where.device}` : undefined,
          !where.bySupport && where.network ? `rete ${where.network}` : undefined,
          where.newBrowser ? "browser mai usato prima con questo account" : undefined,
        ].filter(Boolean);
        return `${what}${details.length > 0 ? ` (${details.join(", ")})` : ""}.`;
      },
    },
    data: {
      heading: "I tuoi dati",
      text: "Scarica in un file JSON una copia di tutti i dati che conserviamo sul tuo account.",
      download: "Scarica i miei dati",
    },
    delete: {
      heading: "Elimina il tuo account",
      text: "L'eliminazione dell'account ti disconnette ovunque, scollega Google, Microsoft e i tuoi dispositivi, rimuove le tue licenze (comprese quelle a pagamento) e cancella i tuoi dati e la tua attività. L'operazione non può essere annullata.",
      request: "Elimina il mio account",
      confirmText: "Ti invieremo via email un link di conferma. Non verrà eliminato nulla finché non lo apri.",
      confirm: "Inviami il link",
      cancel: "Annulla",
      sent: (email: string) => `Abbiamo inviato un link a ${email}. Aprilo per confermare: funziona una sola volta e scade a breve.`,
    },
  },
  deleteAccount: {
    title: "Elimina il tuo account",
    checking: "Verifica del link in corso...",
    text: (email: string) => `Questa operazione elimina l'account ${email}:`,
    effects: [
      "viene chiuso l'accesso su ogni browser, computer e app;",
      "vengono rimossi la password, i collegamenti a Google e Microsoft, i dispositivi e le impostazioni;",
      "terminano le licenze, comprese quelle a pagamento;",
      "vengono cancellati i dati e l'attività.",
    ],
    cannotUndo: "L'operazione non può essere annullata.",
    confirm: "Elimina il mio account",
    keep: "Mantieni il mio account",
    deletedTitle: "Il tuo account è stato eliminato",
    deletedText:
      "Abbiamo eliminato il tuo account e ti abbiamo inviato un'ultima email di conferma. Grazie per il tempo trascorso con noi.",
    keptTitle: "Il tuo account resta attivo",
    keptText: "Non è stato eliminato nulla e il link nell'email non funziona più.",
    refusedTitle: "Questo link non può essere usato",
    incomplete: "Questo link è incompleto. Aprilo di nuovo dall'email o richiedine uno nuovo dalla pagina del tuo account.",
    toBrand: (name: string) => `Vai a ${name}`,
    failed: "Non è stato possibile eliminare il tuo account. Riprova.",
    checkFailed: "Non è stato possibile verificare il link in questo momento. Riprova.",
    retry: "Riprova",
    toAccount: "Vai al mio account",
  },
};
