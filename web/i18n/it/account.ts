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
        passkey: "con una passkey",
      } as Record<string, string>,
      /** An app inside a sentence, with its article (joined to "a"/"di" by `joined`): "Accesso effettuato all'app desktop di DS One". */
      desktopApp: (brand: string) => `l'app desktop di ${brand}`,
      webApp: (brand: string) => `la versione web di ${brand}`,
      unknownApp: (clientId: string) => `l'app ${clientId}`,
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/audit-trail.ts). */
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
        supportSearched: "Account trovato in una ricerca",
        supportViewed: "Account consultato",
        rateLimitsCleared: "Limiti sui tentativi di accesso rimossi",
        accountDisabled: "Account disattivato",
        accountEnabled: "Account riattivato",
        roleChanged: "Ruolo dell'account modificato",
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
      text: "L'eliminazione dell'account ti disconnette ovunque, scollega Google e i tuoi dispositivi, rimuove le tue licenze (comprese quelle a pagamento) e cancella i tuoi dati e la tua attività. L'operazione non può essere annullata.",
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
      "vengono rimossi la password, il collegamento a Google, i dispositivi e le impostazioni;",
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
