import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Anmeldung mit Google abgebrochen",
      text: "Sie wurden nicht angemeldet, weil die Anmeldung mit Google abgebrochen wurde. Sie können es erneut versuchen oder sich mit Ihrer E-Mail-Adresse anmelden.",
    },
    refused: {
      title: "Google hat Sie nicht angemeldet",
      text: "Google hat diese Anmeldung abgelehnt, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    expired: {
      title: "Diese Anmeldung ist abgelaufen",
      text: "Die Anmeldung mit Google hat zu lange gedauert, wurde bereits abgeschlossen oder in einem anderen Browserfenster gestartet. Bitte starten Sie sie erneut.",
    },
    unverified: {
      title: "Ihre Google-E-Mail-Adresse ist nicht bestätigt",
      text: "Google hat die E-Mail-Adresse dieses Google-Kontos nicht bestätigt, daher ist keine Anmeldung damit möglich. Bestätigen Sie die Adresse bei Google oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    unreachable: {
      title: "Google antwortet nicht",
      text: "Wir konnten Google nicht erreichen, um Ihre Anmeldung abzuschließen. Bitte versuchen Sie es gleich noch einmal oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    failed: {
      title: "Anmeldung mit Google fehlgeschlagen",
      text: "Die Antwort von Google konnte nicht überprüft werden, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    busy: {
      title: "Zu viele Versuche",
      text: "Aus Ihrem Netzwerk gab es zu viele Anmeldeversuche. Bitte warten Sie eine Weile und versuchen Sie es dann erneut, oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    unavailable: {
      title: "Anmeldung mit Google nicht verfügbar",
      text: "Die Anmeldung über diesen Anbieter wird hier nicht angeboten. Bitte melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    disabled: {
      title: "Dieses Konto ist deaktiviert",
      text: "Das Konto zu dieser Google-Anmeldung wurde deaktiviert, daher ist keine Anmeldung damit möglich. Bitte wenden Sie sich an den Support.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Bestätigen Sie zuerst Ihre E-Mail-Adresse",
      text: "Google hat nicht bestätigt, dass die E-Mail-Adresse zu diesem Google-Konto gehört, daher kann es noch nicht mit Ihrem Konto verknüpft werden. Melden Sie sich zuerst mit Ihrer E-Mail-Adresse an und wählen Sie dann in diesem Browser erneut „Weiter mit Google“, um es zu verknüpfen.",
    },
    held: {
      title: "Die Anmeldung mit Google ist ausgesetzt",
      text: "Google hat uns mitgeteilt, dass dieses Google-Konto möglicherweise übernommen wurde. Deshalb ist damit vorerst keine Anmeldung bei Ihrem Konto möglich. Melden Sie sich mit Ihrem Passwort oder einem Passkey an, oder wenden Sie sich an den Support. Ein Passwort oder Passkey aus dem Monat davor zählt nicht.",
    },
    backToLogin: "Zurück zur Anmeldung",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Anmeldung mit Microsoft abgebrochen",
      text: "Sie wurden nicht angemeldet, weil die Anmeldung mit Microsoft abgebrochen wurde. Sie können es erneut versuchen oder sich mit Ihrer E-Mail-Adresse anmelden.",
    },
    refused: {
      title: "Microsoft hat Sie nicht angemeldet",
      text: "Microsoft hat diese Anmeldung abgelehnt, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    expired: {
      title: "Diese Anmeldung ist abgelaufen",
      text: "Die Anmeldung mit Microsoft hat zu lange gedauert, wurde bereits abgeschlossen oder in einem anderen Browserfenster gestartet. Bitte starten Sie sie erneut.",
    },
    unverified: {
      title: "Ihre Microsoft-E-Mail-Adresse ist nicht bestätigt",
      text: "Microsoft hat die E-Mail-Adresse dieses Microsoft-Kontos nicht bestätigt, daher ist keine Anmeldung damit möglich. Bestätigen Sie die Adresse bei Microsoft oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    unreachable: {
      title: "Microsoft antwortet nicht",
      text: "Wir konnten Microsoft nicht erreichen, um Ihre Anmeldung abzuschließen. Bitte versuchen Sie es gleich noch einmal oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    failed: {
      title: "Anmeldung mit Microsoft fehlgeschlagen",
      text: "Die Antwort von Microsoft konnte nicht überprüft werden, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    busy: {
      title: "Zu viele Versuche",
      text: "Aus Ihrem Netzwerk gab es zu viele Anmeldeversuche. Bitte warten Sie eine Weile und versuchen Sie es dann erneut, oder melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    unavailable: {
      title: "Anmeldung mit Microsoft nicht verfügbar",
      text: "Die Anmeldung über diesen Anbieter wird hier nicht angeboten. Bitte melden Sie sich mit Ihrer E-Mail-Adresse an.",
    },
    disabled: {
      title: "Dieses Konto ist deaktiviert",
      text: "Das Konto zu dieser Microsoft-Anmeldung wurde deaktiviert, daher ist keine Anmeldung damit möglich. Bitte wenden Sie sich an den Support.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Bestätigen Sie zuerst Ihre E-Mail-Adresse",
      text: "Microsoft hat nicht bestätigt, dass die E-Mail-Adresse zu diesem Microsoft-Konto gehört, daher kann es noch nicht mit Ihrem Konto verknüpft werden. Melden Sie sich zuerst mit Ihrer E-Mail-Adresse an und wählen Sie dann in diesem Browser erneut „Weiter mit Microsoft“, um es zu verknüpfen.",
    },
  },
};
