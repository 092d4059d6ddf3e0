import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Accesso con Google annullato",
      text: "Non hai eseguito l'accesso perché la procedura con Google è stata annullata. Puoi riprovare oppure accedere con la tua email.",
    },
    refused: {
      title: "Google ha rifiutato l'accesso",
      text: "Google ha rifiutato questa richiesta di accesso, quindi l'accesso non è avvenuto. Riprova oppure accedi con la tua email.",
    },
    expired: {
      title: "Questo accesso è scaduto",
      text: "L'accesso con Google ha richiesto troppo tempo, è già stato completato o è stato avviato in un'altra finestra del browser. Ricomincia da capo.",
    },
    unverified: {
      title: "La tua email Google non è verificata",
      text: "Google non ha verificato l'indirizzo email di questo account Google, quindi non può farti accedere. Verifica l'indirizzo con Google oppure accedi con la tua email.",
    },
    unreachable: {
      title: "Google non risponde",
      text: "Non siamo riusciti a contattare Google per completare l'accesso. Riprova tra qualche istante oppure accedi con la tua email.",
    },
    failed: {
      title: "Accesso con Google non riuscito",
      text: "Non è stato possibile verificare la risposta di Google, quindi l'accesso non è avvenuto. Riprova oppure accedi con la tua email.",
    },
    busy: {
      title: "Troppi tentativi",
      text: "Ci sono stati troppi accessi dalla tua rete. Attendi un po' e riprova, oppure accedi con la tua email.",
    },
    unavailable: {
      title: "Accesso con Google non disponibile",
      text: "Qui non è possibile accedere con questo provider. Accedi con la tua email.",
    },
    disabled: {
      title: "Questo account è disattivato",
      text: "L'account collegato a questo accesso Google è stato disattivato, quindi non può accedere. Contatta l'assistenza.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Conferma prima la tua email",
      text: "Google non ha confermato che questo account Google sia il titolare del suo indirizzo email, quindi non può ancora essere collegato al tuo account. Accedi prima con la tua email, poi scegli di nuovo Continua con Google in questo browser per collegarlo.",
    },
    held: {
      title: "L'accesso con Google è sospeso",
      text: "Google ci ha segnalato che qualcun altro potrebbe aver preso il controllo di questo account Google, quindi per ora non può accedere al tuo account. Accedi con la tua password o una passkey, oppure contatta l'assistenza. Non vale una password o una passkey aggiunta nel mese precedente.",
    },
    backToLogin: "Torna all'accesso",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Accesso con Microsoft annullato",
      text: "Non hai eseguito l'accesso perché la procedura con Microsoft è stata annullata. Puoi riprovare oppure accedere con la tua email.",
    },
    refused: {
      title: "Microsoft ha rifiutato l'accesso",
      text: "Microsoft ha rifiutato questa richiesta di accesso, quindi l'accesso non è avvenuto. Riprova oppure accedi con la tua email.",
    },
    expired: {
      title: "Questo accesso è scaduto",
      text: "L'accesso con Microsoft ha richiesto troppo tempo, è già stato completato o è stato avviato in un'altra finestra del browser. Ricomincia da capo.",
    },
    unverified: {
      title: "La tua email Microsoft non è verificata",
      text: "Microsoft non ha verificato l'indirizzo email di questo account Microsoft, quindi non può farti accedere. Verifica l'indirizzo con Microsoft oppure accedi con la tua email.",
    },
    unreachable: {
      title: "Microsoft non risponde",
      text: "Non siamo riusciti a contattare Microsoft per completare l'accesso. Riprova tra qualche istante oppure accedi con la tua email.",
    },
    failed: {
      title: "Accesso con Microsoft non riuscito",
      text: "Non è stato possibile verificare la risposta di Microsoft, quindi l'accesso non è avvenuto. Riprova oppure accedi con la tua email.",
    },
    busy: {
      title: "Troppi tentativi",
      text: "Ci sono stati troppi accessi dalla tua rete. Attendi un po' e riprova, oppure accedi con la tua email.",
    },
    unavailable: {
      title: "Accesso con Microsoft non disponibile",
      text: "Qui non è possibile accedere con questo provider. Accedi con la tua email.",
    },
    disabled: {
      title: "Questo account è disattivato",
      text: "L'account collegato a questo accesso Microsoft è stato disattivato, quindi non può accedere. Contatta l'assistenza.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Conferma prima la tua email",
      text: "Microsoft non ha confermato che questo account Microsoft sia il titolare del suo indirizzo email, quindi non può ancora essere collegato al tuo account. Accedi prima con la tua email, poi scegli di nuovo Continua con Microsoft in questo browser per collegarlo.",
    },
  },
};
