import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/it.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in Italian (informal "tu"; terms in
 * docs/languages/it.md): the mails, the messages of refused requests (the app shows them), and the
 * OpenID Provider's own pages. The app's screens have their own catalogues in web/i18n/it/.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1 ora", "2 giorni". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("it", count, { one: "# giorno", many: "# di giorni", other: "# giorni" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} su ${system}`,
    unknownBrowser: "Un browser sconosciuto",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "Se il pulsante non funziona, apri questo indirizzo nel browser:",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `Il link scade tra ${lifetime} e può essere usato una sola volta.`,
    /** Before the address in the text part: "Accedi: https://…". */
    signInLine: "Accedi",
    signInTo: (brand: string) => `Accedi a ${brand}`,
    ifThisWasYou: "Se la modifica l'hai fatta tu, non devi fare nient'altro.",
    ifItWasNotYou:
      "Se non l'hai fatta tu, reimposta subito la password con \"Hai dimenticato la password?\" nella pagina di accesso e contatta l'assistenza.",
    accessLink: {
      subject: (brand: string) => `Il tuo link di accesso a ${brand}`,
      intro: (brand: string) => `Ecco il tuo link personale per accedere a ${brand}.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `Stai leggendo l'email su un altro dispositivo? Sul computer da cui l'hai richiesta, inserisci invece questo codice (valido per ${lifetime}):`,
      footer: "Se non hai chiesto di accedere, puoi ignorare questa email: nessuno può accedere senza questo link o codice.",
      /** A link our support team sent, which has no code. */
      footerFromSupport:
        "Se non hai chiesto un link al nostro team di assistenza, puoi ignorare questa email: nessuno può accedere senza questo link.",
    },
    passwordReset: {
      subject: (brand: string) => `Reimposta la tua password di ${brand}`,
      intro: (brand: string) => `Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account ${brand}.`,
      action: "Imposta una nuova password",
      footer: "Se non l'hai richiesto tu, puoi ignorare questa email: la tua password resta invariata.",
    },
    passwordChanged: {
      subject: (brand: string) => `La tua password di ${brand} è stata modificata`,
      intro: (brand: string) =>
        `La password del tuo account ${brand} è stata appena modificata e abbiamo disconnesso tutti gli altri browser e app.`,
    },
    passwordSet: {
      subject: (brand: string) => `È stata impostata una password per il tuo account ${brand}`,
      intro: (brand: string) =>
        `È stata appena impostata una password per il tuo account ${brand}: ora puoi accedere sia con la password sia con un link via email.`,
    },
    newSignIn: {
      subject: (brand: string) => `Nuovo accesso al tuo account ${brand}`,
      intro: (brand: string) => `È stato appena effettuato l'accesso al tuo account ${brand} da un browser mai usato prima.`,
      /** "Chrome on Windows, dalla rete 203.0.113.0, in data 25 nov 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, dalla rete ${network}, in data ${when}.`,
      advice: "Se hai effettuato tu l'accesso, non devi fare nulla.",
      accountLine: "Il tuo account",
      action: "Controlla il tuo account",
      notMe: "Non ero io",
      footer:
        "Se non hai effettuato tu l'accesso, fai clic su \"Non ero io\": in questo modo disconnetti quel browser dal tuo account e da tutte le app a cui ha effettuato l'accesso, e rimuovi le eventuali passkey che ha aggiunto.",
    },
    confirmationCode: {
      subject: (brand: string) => `Il tuo codice di conferma di ${brand}`,
      intro: (brand: string) => `Usa questo codice per confermare la tua identità nella pagina del tuo account ${brand}.`,
      /** Before the six digits: "Il codice è valido per 10 minuti, nel browser che l'ha richiesto:". */
      code: (lifetime: string) => `Il codice è valido per ${lifetime}, nel browser che l'ha richiesto:`,
      footer:
        "Se non hai richiesto questo codice, qualcuno potrebbe aver effettuato l'accesso al tuo account: disconnettiti ovunque dalla pagina del tuo account e reimposta la password, se ne hai una.",
    },
    passkeyAdded: {
      subject: (brand: string) => `È stata aggiunta una passkey al tuo account ${brand}`,
      intro: (brand: string) =>
        `È stata aggiunta una passkey al tuo account ${brand}. Con questa passkey si accede senza email e senza password.`,
      /** "Chrome on Windows, dalla rete 203.0.113.0, in data 25 nov 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, dalla rete ${network}, in data ${when}.`,
      kept: (provider: string) => `È salvata in ${provider}.`,
      advice: "Se l'hai aggiunta tu, non devi fare nulla.",
      action: "Rimuovi questa passkey",
      footer:
        "Se non l'hai aggiunta tu, rimuovila subito: in questo modo disconnetti anche il browser che l'ha aggiunta. Poi disconnettiti ovunque dalla pagina del tuo account.",
    },
    accountDeletion: {
      subject: (brand: string) => `Conferma l'eliminazione del tuo account ${brand}`,
      intro: (brand: string) => `Abbiamo ricevuto una richiesta di eliminazione del tuo account ${brand}.`,
      what: "L'eliminazione ti disconnette da tutti i browser e le app ed elimina gli accessi collegati (come Google), i tuoi computer e le relative impostazioni, le tue licenze e tutti i dati personali che conserviamo su di te. Un account eliminato non può essere ripristinato.",
      action: "Elimina il mio account",
      footer: "Se non l'hai richiesto tu, puoi ignorare questa email: il tuo account resta com'è.",
    },
    accountDeleted: {
      subject: (brand: string) => `Il tuo account ${brand} è stato eliminato`,
      intro: (brand: string) => `Il tuo account ${brand} è stato eliminato.`,
      what: "Tutti gli accessi attivi sono stati chiusi e abbiamo eliminato gli accessi collegati, i computer e le relative impostazioni, le licenze e tutti i dati personali che conservavamo su di te. Un account eliminato non può essere ripristinato.",
      footer: (brand: string) =>
        `Questa è l'ultima email relativa a questo account. Se non hai richiesto tu l'eliminazione, contatta l'assistenza di ${brand}.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `Google è stato scollegato dal tuo account ${brand}`,
      intro: (brand: string) =>
        `L'accesso con Google è stato rimosso dal tuo account ${brand}: quell'account Google non permette più di accedervi.`,
      footer:
        "Se non l'hai fatto tu, accedi con un link via email e controlla il tuo account: disconnettiti ovunque e cambia la password, se ne hai una.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `Microsoft è stato scollegato dal tuo account ${brand}`,
      intro: (brand: string) =>
        `L'accesso con Microsoft è stato rimosso dal tuo account ${brand}: quell'account Microsoft non permette più di accedervi.`,
      footer:
        "Se non l'hai fatto tu, accedi con un link via email e controlla il tuo account: disconnettiti ovunque e cambia la password, se ne hai una.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `L'accesso con Google al tuo account ${brand} è sospeso`,
      intro: (brand: string) =>
        `Google ci ha segnalato che qualcun altro potrebbe aver preso il controllo dell'account Google con cui accedi a ${brand}. Per proteggere il tuo account ${brand}, lo abbiamo disconnesso da tutti i browser e da tutte le app e abbiamo sospeso l'accesso con Google.`,
      footer:
        "Accedi con la tua password o una passkey per usare di nuovo Google, oppure contatta il nostro team di assistenza. Prima, metti al sicuro il tuo account Google con Google. Non vale una password o una passkey aggiunta nel mese precedente.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Conferma il tuo nuovo indirizzo email di ${brand}`,
      intro: (brand: string, email: string) => `Conferma ${email} come nuovo indirizzo email del tuo account ${brand}.`,
      what: "Finché non confermi, non cambia nulla: l'account mantiene l'indirizzo email attuale.",
      action: "Conferma il nuovo indirizzo email",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `Oppure inserisci questo codice nella pagina del tuo account, nel browser da cui hai fatto la richiesta, entro ${lifetime}:`,
      footer: "Se non l'hai richiesto tu, ignora questa email: non cambia nulla finché questo indirizzo non conferma.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Qualcuno ha chiesto di cambiare l'indirizzo email del tuo account ${brand}`,
      intro: (brand: string, masked: string) => `Qualcuno ha chiesto di cambiare l'indirizzo email del tuo account ${brand} in ${masked}.`,
      what: "Non cambia nulla finché il nuovo indirizzo non conferma. Se la richiesta l'hai fatta tu, non devi fare nulla.",
      action: "Non ero io",
      footer:
        'Se non l\'hai fatta tu, fai clic su "Non ero io": in questo modo annulli la modifica e disconnetti il browser da cui è stata richiesta. Poi disconnettiti ovunque dalla pagina del tuo account.',
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Qualcuno ha provato a usare questo indirizzo email per un account ${brand}`,
      intro: (brand: string) =>
        `Qualcuno ha chiesto di cambiare l'indirizzo email di un account ${brand} in questo indirizzo, ma a questo indirizzo è già associato un account ${brand}.`,
      what: "Non è stato modificato nulla. Se la richiesta l'hai fatta tu, accedi invece con questo indirizzo: un indirizzo può appartenere a un solo account.",
      footer: "Se non l'hai fatta tu, puoi ignorare questa email.",
    },
    noAccount: {
      subject: (brand: string) => `Nessun account ${brand} usa questo indirizzo email`,
      intro: (brand: string) =>
        `Qualcuno, forse tu, ha chiesto di accedere a ${brand} con questo indirizzo email, ma nessun account ${brand} usa questo indirizzo.`,
      what: "Se volevi accedere, prova con l'indirizzo email del tuo account.",
      create: "Per creare invece un account con questo indirizzo:",
      action: "Crea il tuo account",
      footer: "Se non sei stato tu, puoi ignorare questa email: non è stato creato né modificato nulla.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Il tuo indirizzo email di ${brand} è stato modificato`,
      intro: (brand: string, masked: string) => `L'indirizzo email del tuo account ${brand} è stato cambiato in ${masked}.`,
      what: (lifetime: string) =>
        `Se la modifica non l'hai fatta tu, annullala entro ${lifetime}: il tuo indirizzo email tornerà a essere questo, tutti i browser e le app verranno disconnessi e le passkey aggiunte nel frattempo verranno rimosse.`,
      action: "Annulla questa modifica",
      footer: "Se la modifica l'hai fatta tu, non devi fare nulla.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Il tuo indirizzo email di ${brand} è stato riportato a quello precedente`,
      intro: (brand: string, masked: string) =>
        `L'indirizzo email del tuo account ${brand} è tornato a essere ${masked} con il link per annullare inviato a quell'indirizzo, e tutti i browser e le app sono stati disconnessi.`,
      what: "Se non te lo aspettavi, diccelo con il pulsante qui sotto: il nostro team di assistenza se ne occuperà. Premerlo non cambia nulla nel tuo account e non fa accedere nessuno.",
      action: "Non ero io",
      footer: "Se sai perché è stato riportato indietro, non devi fare nulla.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "Non è stato possibile leggere la richiesta.",
    UNSUPPORTED_MEDIA_TYPE: "Invia questa richiesta in formato JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "La richiesta è troppo grande.",
    CROSS_SITE_REQUEST: "Questa richiesta proviene da un altro sito ed è stata rifiutata.",
    NOT_FOUND: "Non c'è nulla a questo indirizzo.",
    RATE_LIMITED: "Troppi tentativi. Riprova più tardi.",
    RATE_LIMITED_WAIT: (minutes: number) => `Troppi tentativi. Attendi ${durations.minutes(minutes)} e riprova.`,
    LINK_UNKNOWN: "Questo link di accesso non è valido. Richiedine uno nuovo.",
    LINK_USED: "Questo link di accesso è già stato usato. Richiedine uno nuovo.",
    LINK_EXPIRED: "Questo link di accesso è scaduto. Richiedine uno nuovo.",
    CODE_UNKNOWN:
      "Non c'è nessun codice in attesa per questo browser. Inserisci il codice sul computer da cui hai richiesto l'email, oppure richiedine uno nuovo.",
    CODE_WRONG: "Il codice non è corretto.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      plural("it", left, {
        one: "Il codice non è corretto. Ti resta # tentativo.",
        many: "Il codice non è corretto. Ti restano # di tentativi.",
        other: "Il codice non è corretto. Ti restano # tentativi.",
      }),
    CODE_EXPIRED: "Questo codice è scaduto. Richiedi una nuova email.",
    CODE_SPENT: "Questo codice non può più essere usato. Richiedi una nuova email.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "Il codice non è corretto e non può più essere usato. Richiedi una nuova email.",
    CAPTCHA_FAILED: "Accesso non riuscito",
    CAPTCHA_NOT_CONFIGURED: "Su questo server non è configurato nessun provider di captcha.",
    CHALLENGE_REQUIRED: "Conferma di essere una persona per continuare.",
    CHALLENGE_FAILED: "La verifica non è andata a buon fine. Riprova.",
    CHALLENGE_UNAVAILABLE:
      "Al momento non possiamo verificare che tu sia una persona. Riprova tra un minuto, oppure accedi in un altro modo.",
    INVALID_CREDENTIALS: "Indirizzo email o password non validi",
    PASSWORD_LOGIN_DISABLED: "L'accesso con password è disattivato. Accedi con la tua email.",
    NOT_SIGNED_IN: "Per continuare, accedi.",
    ADMIN_ONLY: "Questa pagina è riservata agli amministratori. Accedi con un account da amministratore.",
    STAFF_ONLY: "La console di assistenza è riservata al team di assistenza. Accedi con un account di assistenza o da amministratore.",
    ADMIN_ACTION_ONLY: "Solo un amministratore può eseguire questa operazione.",
    OWN_ACCOUNT: "Non puoi intervenire sul tuo account dalla console di assistenza. Chiedi a un altro membro del team.",
    ACCOUNT_DISABLED: "Questo account è disattivato, quindi non è possibile accedere. Contatta l'assistenza.",
    PASSWORD_INVALID: "La nuova password non rispetta i requisiti.",
    PASSWORD_BREACHED:
      "Questa password compare in un elenco di password trapelate da altri siti, quindi non può più essere usata per accedere. Ti abbiamo inviato via email un link di accesso: aprilo, poi imposta una nuova password.",
    PASSWORD_ALREADY_SET: 'Questo account ha già una password. Per cambiarla, usa "Hai dimenticato la password?".',
    CURRENT_PASSWORD_MISSING: "Inserisci la password attuale.",
    CURRENT_PASSWORD_WRONG: "La password attuale non è corretta.",
    GOOGLE_ONLY_WAY_IN:
      "Oltre al link via email, Google è il tuo unico modo per accedere. Imposta prima una password, poi scollega Google.",
    MICROSOFT_ONLY_WAY_IN:
      "Oltre al link via email, Microsoft è il tuo unico modo per accedere. Imposta prima una password, poi scollega Microsoft.",
    RESET_LINK_UNKNOWN: "Questo link per reimpostare la password non è valido. Richiedine uno nuovo.",
    RESET_LINK_USED: "Questo link per reimpostare la password è già stato usato. Richiedine uno nuovo.",
    RESET_LINK_EXPIRED: "Questo link per reimpostare la password è scaduto. Richiedine uno nuovo.",
    DELETION_LINK_UNKNOWN: "Questo link per eliminare l'account non è valido, oppure l'account è già stato eliminato.",
    DELETION_LINK_USED: "Questo link per eliminare l'account è già stato usato.",
    DELETION_LINK_EXPIRED: "Questo link per eliminare l'account è scaduto. Richiedine uno nuovo dalla pagina del tuo account.",
    PASSKEY_UNKNOWN:
      "Questa passkey non è registrata presso di noi oppure è stata rimossa. Accedi con la tua email, poi aggiungi di nuovo una passkey.",
    PASSKEY_REFUSED: "Non è stato possibile verificare questa passkey. Riprova oppure accedi con la tua email.",
    PASSKEY_EXPIRED: "Questa richiesta di passkey è scaduta o è già stata usata. Riprova.",
    RECENT_SIGN_IN_REQUIRED: "Per la tua sicurezza, conferma prima la tua identità.",
    PASSWORD_SET_IN_THIS_SESSION:
      "Una password impostata dopo l'accesso qui non può confermare la tua identità. Fatti invece inviare un codice via email.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "Per la tua sicurezza, accedi di nuovo e poi imposta la password.",
    NOT_ME_LINK_UNKNOWN: "Questo link non è valido. Aprilo di nuovo dall'email.",
    NOT_ME_LINK_USED: "Questo browser è già stato disconnesso con questo link.",
    NOT_ME_LINK_EXPIRED: "Questo link è scaduto. Puoi comunque disconnettere qualsiasi browser dalla pagina del tuo account.",
    SAME_EMAIL: "Questo è già il tuo indirizzo email.",
    APPROVAL_UNAVAILABLE:
      "Questo accesso non può più essere approvato da qui. Accedi invece su questo dispositivo, oppure richiedi un nuovo link.",
    APPROVAL_SAME_BROWSER: "Questo è il browser che ha richiesto il link: accedi qui con il pulsante.",
    EMAIL_UNDELIVERABLE:
      "La nostra email a questo indirizzo non è stata recapitata, quindi non ne abbiamo inviata un'altra. Usa un'altra email o accedi in un altro modo.",
    APPROVAL_WRONG_NUMBER:
      "Il numero non corrispondeva, quindi non è stato effettuato alcun accesso. Richiedi un nuovo link sull'altro dispositivo.",
    EMAIL_CHANGE_LINK_UNKNOWN: "Questo link non è valido, oppure l'account a cui si riferisce non esiste più. Aprilo di nuovo dall'email.",
    EMAIL_CHANGE_LINK_USED: "Questa modifica dell'indirizzo email è già stata confermata.",
    EMAIL_CHANGE_LINK_EXPIRED: "Questo link è scaduto. Richiedi di nuovo la modifica dalla pagina del tuo account.",
    EMAIL_CHANGE_CANCELLED: "Questa modifica dell'indirizzo email è stata annullata. Non è stato modificato nulla.",
    EMAIL_CHANGE_REPLACED: "Questa richiesta è stata sostituita da una più recente. Usa il link nell'ultima email.",
    EMAIL_CHANGE_UNDONE: "Questa modifica dell'indirizzo email è stata annullata dal vecchio indirizzo, che è stato ripristinato.",
    EMAIL_CHANGE_SUPERSEDED: "Una modifica precedente dell'indirizzo email è stata annullata, quindi questo link non funziona più.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "Questa modifica è già stata annullata.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "Questo link è scaduto e la modifica a cui si riferiva non può più essere confermata.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      'Il nuovo indirizzo ha già confermato questa modifica. Usa il link per annullarla nell\'email "Il tuo indirizzo email è stato modificato", inviata a questo indirizzo.',
    EMAIL_UNDO_LINK_USED: "Questa modifica è già stata annullata e il vecchio indirizzo è stato ripristinato.",
    EMAIL_UNDO_LINK_EXPIRED: "Questo link per annullare la modifica è scaduto. Contatta l'assistenza per recuperare il tuo account.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "Ci hai già segnalato questa modifica. Il nostro team di assistenza se ne sta occupando.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED:
      "Questo link è scaduto. Se il ritorno all'indirizzo precedente non l'hai fatto tu, contatta l'assistenza.",
    EMAIL_TAKEN_NOW: "Questo indirizzo ora appartiene a un altro account, quindi non è possibile effettuare la modifica.",
    OLD_EMAIL_TAKEN:
      "Il tuo vecchio indirizzo ora appartiene a un altro account, quindi non è possibile ripristinarlo. Contatta l'assistenza.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "Questo link non è valido, oppure la passkey è già stata rimossa.",
    PASSKEY_REMOVAL_LINK_USED: "Questa passkey è già stata rimossa.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "Questo link è scaduto. Puoi comunque rimuovere la passkey dalla pagina del tuo account.",
    DEVICE_NOT_FOUND: "Questo dispositivo non è collegato al tuo account.",
    BUSY: "Al momento il servizio è molto richiesto. Riprova tra qualche istante.",
    INTERNAL: "Qualcosa è andato storto da parte nostra. Riprova tra qualche istante.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Accedi",
    signInErrorTitle: "Errore di accesso",
    signInErrorHeading: "Non è stato possibile completare l'accesso",
    signInErrorRetry: "Torna all'app e riprova.",
    signInExpiredTitle: "Accesso scaduto",
    signInExpiredHeading: "Questa richiesta di accesso è scaduta",
    signInExpiredText: "Torna all'app e accedi di nuovo.",
    loggingOut: "Disconnessione in corso",
    logoutQuestion: "Vuoi disconnetterti?",
    logOut: "Esci",
  },
};
