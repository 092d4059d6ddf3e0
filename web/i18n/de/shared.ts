import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/** A field's label as the object of "anzeigen"/"ausblenden": the confirmation field's label is a verb phrase. */
function fieldName(label: string): string {
  return label === "Passwort bestätigen" ? "Passwortbestätigung" : label;
}

/**
 * Every string a customer reads, in German ("Sie"; terms in docs/languages/de.md). This file holds
 * what the login screen and every screen share, so it is part of the app's entry chunk.
 */
export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Dunkel" or "Hell", for the toggle's name: "Design wechseln: Dunkel". */
    switchToBefore: "Design wechseln: ",
    switchToAfter: "",
    dark: "Dunkel",
    light: "Hell",
  },
  loading: {
    text: "Software wird geladen...",
    /** Read while a screen's code is on its way. */
    screen: "Wird geladen...",
  },
  login: {
    title: "Kundenanmeldung",
    continueWithGoogle: "Weiter mit Google",
    continueWithMicrosoft: "Weiter mit Microsoft",
    or: "Oder",
    emailLabelWithSocial: "Andere E-Mail-Adresse verwenden",
    emailLabel: "Ihre E-Mail-Adresse",
    continue: "Weiter",
    accountNotFound: "Konto nicht gefunden",
    accountNotFoundText: (email: string) => `Wir konnten kein Konto für ${email} finden.`,
    tryAnotherEmail: "Andere E-Mail-Adresse eingeben",
    createAccount: "Konto erstellen",
    captchaFailed: "Anmeldung fehlgeschlagen",
    unexpectedError: "Etwas ist schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
    passkey: "Mit Passkey anmelden",
    passkeyUnavailable:
      "Dieser Browser kann auf dieser Seite keinen Passkey verwenden. Fahren Sie stattdessen mit Ihrer E-Mail-Adresse fort.",
  },
  checkEmail: {
    title: "Prüfen Sie Ihr Postfach",
    /**
     * Around the address in bold. The verb stays before it: the no-script screen writes `sent`,
     * the address and "." with no `sentAfter`.
     */
    sent: "Wir haben einen persönlichen Zugangslink gesendet an",
    sentAfter: ".",
    /** "Der Link ist 1 Tag gültig." */
    expires: (days: number) => `Der Link ist ${plural("de", days, { one: "# Tag", other: "# Tage" })} gültig.`,
    spam: "Falls Sie die E-Mail nicht finden, sehen Sie im Spam- oder Junk-Ordner nach.",
    slow: "Das dauert länger als üblich. Wir versuchen weiterhin, die E-Mail zuzustellen.",
    useAnotherEmail: "Andere E-Mail-Adresse verwenden",
    resend: "Erneut senden",
    resendIn: (seconds: number) => plural("de", seconds, { one: "In # Sekunde erneut senden", other: "In # Sekunden erneut senden" }),
    resent: "Wir haben Ihnen einen weiteren Link gesendet.",
    codeLabel: "Lesen Sie die E-Mail auf einem anderen Gerät? Geben Sie den 6-stelligen Code daraus ein",
    codeSubmit: "Anmelden",
    codeIncomplete: "Geben Sie die 6 Ziffern aus der E-Mail ein",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "Öffnen Sie den Link auf Ihrem Smartphone? Geben Sie dort diese Zahl ein, um sich hier anzumelden:",
    approvalRefused:
      "Auf Ihrem anderen Gerät wurde eine falsche Zahl eingegeben, daher wurde niemand angemeldet. Fordern Sie einen neuen Link an.",
    approvalUsedElsewhere: "Der Link wurde auf einem anderen Gerät verwendet.",
  },
  validation: {
    emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein",
    emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
    passwordRequired: "Bitte geben Sie Ihr Passwort ein",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Ungültige E-Mail-Adresse",
  },
  fields: {
    email: "E-Mail-Adresse",
    password: "Passwort",
    newPassword: "Neues Passwort",
    confirmPassword: "Passwort bestätigen",
    show: "Anzeigen",
    hide: "Ausblenden",
    /** The show/hide button's name: "Passwort anzeigen". "Passwort bestätigen" is a verb phrase, said as a noun here. */
    showField: (label: string) => `${fieldName(label)} anzeigen`,
    hideField: (label: string) => `${fieldName(label)} ausblenden`,
    close: "Schließen",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Rechtliches",
    privacy: "Datenschutzerklärung",
    eula: "EULA",
    terms: "Nutzungsbedingungen",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Sprache",
  },
  failure: {
    title: "Etwas ist schiefgelaufen",
    text: "Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es noch einmal.",
    retry: "Erneut versuchen",
  },
};
