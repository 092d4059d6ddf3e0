import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/de.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration): "1 Stunde", "30 Minuten". */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "Passwort vergessen",
    text: "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen dann einen Link, mit dem Sie ein neues Passwort festlegen können.",
    sendEmail: "E-Mail senden",
    failed: "Beim Senden der Anfrage ist ein Fehler aufgetreten.",
  },
  forgotPasswordConfirmation: {
    title: "E-Mail zum Zurücksetzen gesendet",
    /** time as German would give it: "1 Stunde", "30 Minuten". */
    expires: (time: string) => `Der Link in der E-Mail ist ${time} gültig.`,
    check: "Öffnen Sie Ihren Posteingang und klicken Sie auf den Link, um ein neues Passwort festzulegen.",
    backToLogin: "Zurück zur Anmeldung",
  },
  resetPassword: {
    title: "Neues Passwort festlegen",
    save: "Passwort speichern",
    checking: "Ihr Link wird geprüft...",
    usedTitle: "Dieser Link wurde bereits verwendet",
    usedText:
      "Jeder Link zum Zurücksetzen des Passworts funktioniert nur einmal. Fordern Sie einen neuen an, dann senden wir ihn Ihnen per E-Mail.",
    expiredTitle: "Dieser Link ist abgelaufen",
    expiredText:
      "Links zum Zurücksetzen des Passworts laufen zu Ihrer Sicherheit ab. Fordern Sie einen neuen an, dann senden wir ihn Ihnen per E-Mail.",
    unknownTitle: "Dieser Link ist ungültig",
    unknownText:
      "Der Link ist möglicherweise unvollständig, da manche E-Mail-Programme lange Links umbrechen. Fordern Sie einen neuen an, dann senden wir ihn Ihnen per E-Mail.",
    newLink: "Neuen Link anfordern",
    removePasskeys: {
      legend: "Auch diese Passkeys entfernen",
      hint: "Passkeys, die in den letzten 30 Tagen hinzugefügt wurden, sind ausgewählt: Falls jemand anderes angemeldet war, hat er möglicherweise einen hinzugefügt.",
      passkey: (name: string, added: string) => `${name}, hinzugefügt am ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "Ihr Passwort wurde zurückgesetzt!",
    text: "Ihr neues Passwort wurde gespeichert. Verwenden Sie es bei Ihrer nächsten Anmeldung.",
    login: "Anmelden",
  },
  setPassword: {
    title: "Passwort festlegen",
    text: "Sie haben noch kein Passwort. Bitte legen Sie zu Ihrer Sicherheit eines fest.",
    save: "Passwort speichern",
    serverError: "Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.",
  },
  setPasswordConfirmation: {
    title: "Ihr neues Passwort wurde festgelegt!",
    /** Around the brand name in bold: "Wir haben Ihr Passwort für **DS One** gespeichert. …" */
    before: "Wir haben Ihr Passwort für ",
    after: " gespeichert. Bitte melden Sie sich ab jetzt mit dem neuen Passwort in der Anwendung an.",
    login: "Anmelden",
  },
};
