import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/**
 * Every string a customer reads, in Italian (informal "tu"; terms in docs/languages/it.md).
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in it/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Scuro" or "Chiaro", for the toggle's name: "Passa al tema Scuro". */
    switchToBefore: "Passa al tema ",
    switchToAfter: "",
    dark: "Scuro",
    light: "Chiaro",
  },
  loading: {
    text: "Caricamento del software...",
    /** Read while a screen's code is on its way. */
    screen: "Caricamento...",
  },
  login: {
    title: "Accesso clienti",
    continueWithGoogle: "Continua con Google",
    continueWithMicrosoft: "Continua con Microsoft",
    or: "Oppure",
    emailLabelWithSocial: "Usa un'altra email",
    emailLabel: "Inserisci la tua email",
    continue: "Continua",
    accountNotFound: "Account non trovato",
    accountNotFoundText: (email: string) => `Non abbiamo trovato nessun account per ${email}.`,
    tryAnotherEmail: "Prova un'altra email",
    createAccount: "Crea il tuo account",
    captchaFailed: "Accesso non riuscito",
    unexpectedError: "Qualcosa è andato storto. Riprova tra qualche istante.",
    passkey: "Accedi con una passkey",
    passkeyUnavailable: "Questo browser non può usare una passkey in questa pagina. Continua invece con la tua email.",
  },
  checkEmail: {
    title: "Controlla la tua email",
    /** Around the address, which is shown in bold: "Abbiamo inviato un link di accesso personale a <b>tu@…</b>." */
    sent: "Abbiamo inviato un link di accesso personale a",
    sentAfter: ".",
    /** The link's lifetime: "1 giorno", "2 giorni". */
    expires: (days: number) => `Il link scade tra ${plural("it", days, { one: "# giorno", many: "# di giorni", other: "# giorni" })}.`,
    spam: "Se non vedi l'email, controlla la cartella Spam o Posta indesiderata.",
    slow: "Ci sta volendo più del solito. Stiamo ancora cercando di recapitare l'email.",
    useAnotherEmail: "Usa un'altra email",
    resend: "Invia di nuovo",
    resendIn: (seconds: number) =>
      plural("it", seconds, {
        one: "Invia di nuovo tra # secondo",
        many: "Invia di nuovo tra # di secondi",
        other: "Invia di nuovo tra # secondi",
      }),
    resent: "Ti abbiamo inviato un altro link.",
    codeLabel: "Stai leggendo l'email su un altro dispositivo? Inserisci il codice a 6 cifre",
    codeSubmit: "Accedi",
    codeIncomplete: "Inserisci le 6 cifre indicate nell'email",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "Apri il link sul telefono? Inserisci lì questo numero per accedere qui:",
    approvalRefused:
      "Sull'altro dispositivo è stato inserito un numero sbagliato, quindi non è stato effettuato alcun accesso. Richiedi un nuovo link.",
    approvalUsedElsewhere: "Il link è stato usato su un altro dispositivo.",
  },
  validation: {
    emailRequired: "L'email è obbligatoria",
    emailInvalid: "Inserisci un indirizzo email valido",
    passwordRequired: "La password è obbligatoria",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Indirizzo email non valido",
  },
  fields: {
    email: "Email",
    password: "Password",
    newPassword: "Nuova password",
    confirmPassword: "Conferma password",
    show: "Mostra",
    hide: "Nascondi",
    /** The show/hide button's name, with the field's label: "Mostra password", "Nascondi conferma password". */
    showField: (label: string) => `Mostra ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
    hideField: (label: string) => `Nascondi ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
    close: "Chiudi",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Note legali",
    privacy: "Informativa sulla privacy",
    eula: "EULA",
    terms: "Termini e condizioni",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Lingua",
  },
  failure: {
    title: "Qualcosa è andato storto",
    text: "Non è stato possibile mostrare questa pagina. Riprova.",
    retry: "Riprova",
  },
};
