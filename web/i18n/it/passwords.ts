import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/it.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "Password dimenticata",
    text: "Inserisci l'email del tuo account e ti invieremo un link per impostare una nuova password.",
    sendEmail: "Invia email",
    failed: "Si è verificato un errore durante l'invio della richiesta.",
  },
  forgotPasswordConfirmation: {
    title: "Email di reimpostazione inviata",
    expires: (time: string) => `Il link nell'email scade tra ${time}`,
    check: "Controlla la Posta in arrivo e fai clic sul link per impostare una nuova password.",
    backToLogin: "Torna all'accesso",
  },
  resetPassword: {
    title: "Imposta una nuova password",
    save: "Salva password",
    checking: "Verifica del link in corso...",
    usedTitle: "Questo link è già stato usato",
    usedText: "Ogni link per reimpostare la password funziona una sola volta. Richiedine uno nuovo e te lo invieremo via email.",
    expiredTitle: "Questo link è scaduto",
    expiredText: "Per la tua sicurezza, i link per reimpostare la password scadono. Richiedine uno nuovo e te lo invieremo via email.",
    unknownTitle: "Questo link non è valido",
    unknownText:
      "Il link potrebbe essere incompleto: alcuni programmi di posta spezzano i link lunghi. Richiedine uno nuovo e te lo invieremo via email.",
    newLink: "Inviami un nuovo link",
    removePasskeys: {
      legend: "Rimuovi anche queste passkey",
      hint: "Le passkey aggiunte negli ultimi 30 giorni sono selezionate: se qualcun altro ha effettuato l'accesso al tuo account, potrebbe averne aggiunta una.",
      passkey: (name: string, added: string) => `${name}, aggiunta: ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "La tua nuova password è stata reimpostata!",
    text: "La tua nuova password è stata salvata. Usala al prossimo accesso.",
    login: "Accedi",
  },
  setPassword: {
    title: "Imposta la password",
    text: "Non hai ancora una password. Per la tua sicurezza, impostane una.",
    save: "Salva password",
    serverError: "Si è verificato un errore. Riprova.",
  },
  setPasswordConfirmation: {
    title: "La tua nuova password è stata impostata!",
    /** Around the product name in bold: "Abbiamo salvato la tua password di DS One. …". */
    before: "Abbiamo salvato la tua password di ",
    after: ". Usa la nuova password che hai inserito per accedere all'applicazione.",
    login: "Accedi",
  },
};
