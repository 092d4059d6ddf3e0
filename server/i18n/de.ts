import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/de.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in German ("Sie"; terms in
 * docs/languages/de.md): the mails, the messages of refused requests (the app shows them), and the
 * OpenID Provider's own pages.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1 Stunde", "2 Tage". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("de", count, { one: "# Tag", other: "# Tage" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} unter ${system}`,
    unknownBrowser: "Ein unbekannter Browser",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse in Ihrem Browser:",
    /** "Der Link ist 1 Tag gültig und kann einmal verwendet werden." */
    expiry: (lifetime: string) => `Der Link ist ${lifetime} gültig und kann einmal verwendet werden.`,
    /** Before the address in the text part: "Anmelden: https://…". */
    signInLine: "Anmelden",
    signInTo: (brand: string) => `Bei ${brand} anmelden`,
    ifThisWasYou: "Wenn Sie das waren, müssen Sie nichts weiter tun.",
    ifItWasNotYou:
      "Wenn nicht, setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück und wenden Sie sich an den Support.",
    accessLink: {
      subject: (brand: string) => `Ihr Zugangslink für ${brand}`,
      intro: (brand: string) => `Hier ist Ihr persönlicher Zugangslink, mit dem Sie sich bei ${brand} anmelden.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `Sie lesen diese E-Mail auf einem anderen Gerät? Geben Sie stattdessen auf dem Computer, auf dem Sie die E-Mail angefordert haben, diesen Code ein (er ist ${lifetime} gültig):`,
      footer:
        "Wenn Sie keine Anmeldung angefordert haben, können Sie diese E-Mail ignorieren: Ohne diesen Link oder Code kann sich niemand anmelden.",
      /** A link our support team sent, which has no code. */
      footerFromSupport:
        "Wenn Sie unser Support-Team nicht um einen Link gebeten haben, können Sie diese E-Mail ignorieren: Ohne diesen Link kann sich niemand anmelden.",
    },
    passwordReset: {
      subject: (brand: string) => `Ihr Passwort für ${brand} zurücksetzen`,
      intro: (brand: string) => `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${brand} zurückzusetzen.`,
      action: "Neues Passwort festlegen",
      footer: "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.",
    },
    passwordChanged: {
      subject: (brand: string) => `Ihr Passwort für ${brand} wurde geändert`,
      intro: (brand: string) =>
        `Das Passwort Ihres Kontos bei ${brand} wurde soeben geändert, und alle anderen Anmeldungen wurden beendet.`,
    },
    passwordSet: {
      subject: (brand: string) => `Für Ihr Konto bei ${brand} wurde ein Passwort festgelegt`,
      intro: (brand: string) =>
        `Für Ihr Konto bei ${brand} wurde soeben ein Passwort festgelegt: Sie können sich jetzt mit dem Passwort und weiterhin mit einem Link per E-Mail anmelden.`,
    },
    newSignIn: {
      subject: (brand: string) => `${brand}: Neue Anmeldung bei Ihrem Konto`,
      intro: (brand: string) => `Ihr Konto bei ${brand} wurde soeben in einem Browser angemeldet, in dem es bisher nicht verwendet wurde.`,
      /** "Chrome on Windows, aus dem Netzwerk 203.0.113.0, am 25.11.2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, aus dem Netzwerk ${network}, am ${when}.`,
      advice: "Wenn Sie das waren, müssen Sie nichts tun.",
      accountLine: "Ihr Konto",
      action: "Konto überprüfen",
      notMe: "Das war ich nicht",
      footer:
        "Wenn nicht, klicken Sie auf „Das war ich nicht“: Dadurch wird dieser Browser bei Ihrem Konto und bei allen Apps abgemeldet, bei denen er sich angemeldet hat, und jeder Passkey, den er hinzugefügt hat, wird entfernt.",
    },
    confirmationCode: {
      subject: (brand: string) => `Ihr Bestätigungscode für ${brand}`,
      intro: (brand: string) => `Mit diesem Code bestätigen Sie auf Ihrer Kontoseite bei ${brand}, dass Sie es sind.`,
      /** Before the six digits: "Der Code ist 10 Minuten gültig, und zwar in dem Browser, in dem er angefordert wurde:". */
      code: (lifetime: string) => `Der Code ist ${lifetime} gültig, und zwar in dem Browser, in dem er angefordert wurde:`,
      footer:
        "Wenn Sie diesen Code nicht angefordert haben, ist möglicherweise jemand bei Ihrem Konto angemeldet: Melden Sie sich auf Ihrer Kontoseite überall ab und setzen Sie Ihr Passwort zurück, falls Sie eines haben.",
    },
    passkeyAdded: {
      subject: (brand: string) => `Zu Ihrem Konto bei ${brand} wurde ein Passkey hinzugefügt`,
      intro: (brand: string) =>
        `Zu Ihrem Konto bei ${brand} wurde ein Passkey hinzugefügt. Damit ist eine Anmeldung ohne E-Mail und ohne Passwort möglich.`,
      /** "Chrome on Windows, aus dem Netzwerk 203.0.113.0, am 25.11.2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, aus dem Netzwerk ${network}, am ${when}.`,
      kept: (provider: string) => `Er ist in ${provider} gespeichert.`,
      advice: "Wenn Sie das waren, müssen Sie nichts tun.",
      action: "Diesen Passkey entfernen",
      footer:
        "Wenn nicht, entfernen Sie ihn sofort: Dadurch wird auch der Browser abgemeldet, in dem er hinzugefügt wurde. Melden Sie sich anschließend auf Ihrer Kontoseite überall ab.",
    },
    accountDeletion: {
      subject: (brand: string) => `Löschung Ihres Kontos bei ${brand} bestätigen`,
      intro: (brand: string) => `Wir haben eine Anfrage erhalten, Ihr Konto bei ${brand} zu löschen.`,
      what: "Dadurch werden Sie in allen Browsern und Apps abgemeldet, und Ihre verknüpften Anmeldungen (z. B. Google), Ihre Computer und deren Einstellungen, Ihre Lizenzen sowie alle personenbezogenen Daten, die wir über Sie speichern, werden gelöscht. Ein gelöschtes Konto kann nicht wiederhergestellt werden.",
      action: "Mein Konto löschen",
      footer: "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Konto bleibt unverändert.",
    },
    accountDeleted: {
      subject: (brand: string) => `Ihr Konto bei ${brand} wurde gelöscht`,
      intro: (brand: string) => `Ihr Konto bei ${brand} wurde gelöscht.`,
      what: "Alle Anmeldungen wurden beendet, und Ihre verknüpften Anmeldungen, Computer und deren Einstellungen, Lizenzen sowie alle personenbezogenen Daten, die wir über Sie gespeichert hatten, wurden gelöscht. Ein gelöschtes Konto kann nicht wiederhergestellt werden.",
      footer: (brand: string) =>
        `Dies ist die letzte E-Mail zu diesem Konto. Wenn Sie die Löschung nicht angefordert haben, wenden Sie sich an den Support von ${brand}.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `Google wurde von Ihrem Konto bei ${brand} getrennt`,
      intro: (brand: string) =>
        `Die Anmeldung mit Google wurde aus Ihrem Konto bei ${brand} entfernt: Mit diesem Google-Konto ist keine Anmeldung bei Ihrem Konto mehr möglich.`,
      footer:
        "Wenn Sie das nicht waren, melden Sie sich mit einem Link per E-Mail an und überprüfen Sie Ihr Konto: Melden Sie sich überall ab und ändern Sie Ihr Passwort, falls Sie eines haben.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `Microsoft wurde von Ihrem Konto bei ${brand} getrennt`,
      intro: (brand: string) =>
        `Die Anmeldung mit Microsoft wurde aus Ihrem Konto bei ${brand} entfernt: Mit diesem Microsoft-Konto ist keine Anmeldung bei Ihrem Konto mehr möglich.`,
      footer:
        "Wenn Sie das nicht waren, melden Sie sich mit einem Link per E-Mail an und überprüfen Sie Ihr Konto: Melden Sie sich überall ab und ändern Sie Ihr Passwort, falls Sie eines haben.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `Die Anmeldung mit Google bei Ihrem Konto bei ${brand} ist ausgesetzt`,
      intro: (brand: string) =>
        `Google hat uns mitgeteilt, dass jemand anderes das Google-Konto übernommen haben könnte, mit dem Sie sich bei ${brand} anmelden. Zum Schutz Ihres Kontos bei ${brand} haben wir es in allen Browsern und Apps abgemeldet und die Anmeldung mit Google ausgesetzt.`,
      footer:
        "Melden Sie sich mit Ihrem Passwort oder einem Passkey an, um Google wieder zu nutzen, oder wenden Sie sich an unseren Support. Sichern Sie vorher Ihr Google-Konto bei Google. Ein Passwort oder Passkey aus dem Monat davor zählt nicht.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Ihre neue E-Mail-Adresse für ${brand} bestätigen`,
      intro: (brand: string, email: string) => `Bestätigen Sie ${email} als neue E-Mail-Adresse Ihres Kontos bei ${brand}.`,
      what: "Bis zu Ihrer Bestätigung ändert sich nichts: Das Konto behält seine bisherige E-Mail-Adresse.",
      action: "Neue E-Mail-Adresse bestätigen",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `Oder geben Sie diesen Code auf der Kontoseite in dem Browser ein, in dem die Änderung angefordert wurde. Er ist ${lifetime} gültig:`,
      footer:
        "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts, solange diese Adresse nicht bestätigt wird.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Jemand hat eine Änderung der E-Mail-Adresse Ihres Kontos bei ${brand} angefordert`,
      intro: (brand: string, masked: string) =>
        `Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos bei ${brand} in ${masked} zu ändern.`,
      what: "Es ändert sich nichts, solange die neue Adresse nicht bestätigt wird. Wenn Sie das waren, müssen Sie nichts tun.",
      action: "Das war ich nicht",
      footer:
        "Wenn nicht, klicken Sie auf „Das war ich nicht“: Dadurch wird die Änderung abgebrochen und der Browser abgemeldet, in dem sie angefordert wurde. Melden Sie sich anschließend auf Ihrer Kontoseite überall ab.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Jemand wollte diese E-Mail-Adresse für ein Konto bei ${brand} verwenden`,
      intro: (brand: string) =>
        `Jemand hat angefordert, die E-Mail-Adresse eines Kontos bei ${brand} in diese Adresse zu ändern, aber zu dieser Adresse gibt es bereits ein Konto bei ${brand}.`,
      what: "Es wurde nichts geändert. Wenn Sie das waren, melden Sie sich stattdessen mit dieser Adresse an: Eine Adresse kann nur zu einem Konto gehören.",
      footer: "Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.",
    },
    noAccount: {
      subject: (brand: string) => `Zu dieser E-Mail-Adresse gibt es kein Konto bei ${brand}`,
      intro: (brand: string) =>
        `Jemand, vielleicht Sie, wollte sich mit dieser E-Mail-Adresse bei ${brand} anmelden, aber zu dieser Adresse gibt es kein Konto bei ${brand}.`,
      what: "Wenn Sie sich anmelden wollten, versuchen Sie es mit der E-Mail-Adresse Ihres Kontos.",
      create: "Um stattdessen ein Konto mit dieser Adresse zu erstellen:",
      action: "Konto erstellen",
      footer: "Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren: Es wurde nichts erstellt oder geändert.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Ihre E-Mail-Adresse für ${brand} wurde geändert`,
      intro: (brand: string, masked: string) => `Die E-Mail-Adresse Ihres Kontos bei ${brand} wurde in ${masked} geändert.`,
      what: (lifetime: string) =>
        `Wenn Sie das nicht waren, machen Sie die Änderung rückgängig (das ist ${lifetime} lang möglich): Ihre E-Mail-Adresse wird auf diese Adresse zurückgesetzt, alle Browser und Apps werden abgemeldet, und seitdem hinzugefügte Passkeys werden entfernt.`,
      action: "Diese Änderung rückgängig machen",
      footer: "Wenn Sie das waren, müssen Sie nichts tun.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Ihre E-Mail-Adresse für ${brand} wurde zurückgesetzt`,
      intro: (brand: string, masked: string) =>
        `Die E-Mail-Adresse Ihres Kontos bei ${brand} wurde mit dem Link zum Rückgängigmachen, der an diese Adresse ging, auf ${masked} zurückgesetzt, und alle Browser und Apps wurden abgemeldet.`,
      what: "Wenn Sie das nicht erwartet haben, sagen Sie es uns mit der Schaltfläche unten: Unser Support-Team sieht sich das an. Die Schaltfläche ändert nichts an Ihrem Konto und meldet niemanden an.",
      action: "Das war ich nicht",
      footer: "Wenn Sie wissen, warum die Adresse zurückgesetzt wurde, müssen Sie nichts tun.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "Die Anfrage konnte nicht gelesen werden.",
    UNSUPPORTED_MEDIA_TYPE: "Senden Sie diese Anfrage als JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "Die Anfrage ist zu groß.",
    CROSS_SITE_REQUEST: "Diese Anfrage kam von einer anderen Website und wurde abgelehnt.",
    NOT_FOUND: "Unter dieser Adresse gibt es nichts.",
    RATE_LIMITED: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
    RATE_LIMITED_WAIT: (minutes: number) =>
      `Zu viele Versuche. Bitte warten Sie ${durations.minutes(minutes)} und versuchen Sie es dann erneut.`,
    LINK_UNKNOWN: "Dieser Zugangslink ist ungültig. Bitte fordern Sie einen neuen an.",
    LINK_USED: "Dieser Zugangslink wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
    LINK_EXPIRED: "Dieser Zugangslink ist abgelaufen. Bitte fordern Sie einen neuen an.",
    CODE_UNKNOWN:
      "Für diesen Browser liegt kein Code vor. Geben Sie den Code auf dem Computer ein, auf dem Sie die E-Mail angefordert haben, oder fordern Sie einen neuen an.",
    CODE_WRONG: "Dieser Code ist nicht richtig.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      `Dieser Code ist nicht richtig. ${plural("de", left, { one: "Noch # Versuch übrig.", other: "Noch # Versuche übrig." })}`,
    CODE_EXPIRED: "Dieser Code ist abgelaufen. Bitte fordern Sie eine neue E-Mail an.",
    CODE_SPENT: "Dieser Code kann nicht mehr verwendet werden. Bitte fordern Sie eine neue E-Mail an.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "Dieser Code ist nicht richtig und kann nicht mehr verwendet werden. Bitte fordern Sie eine neue E-Mail an.",
    CAPTCHA_FAILED: "Anmeldung fehlgeschlagen",
    CAPTCHA_NOT_CONFIGURED: "Auf diesem Server ist kein Captcha-Anbieter eingerichtet.",
    CHALLENGE_REQUIRED: "Bitte bestätigen Sie, dass Sie ein Mensch sind, um fortzufahren.",
    CHALLENGE_FAILED: "Diese Prüfung hat nicht geklappt. Bitte versuchen Sie es erneut.",
    CHALLENGE_UNAVAILABLE:
      "Wir können gerade nicht prüfen, ob Sie ein Mensch sind. Bitte versuchen Sie es in einer Minute erneut oder melden Sie sich auf andere Weise an.",
    INVALID_CREDENTIALS: "E-Mail-Adresse oder Passwort ist ungültig",
    PASSWORD_LOGIN_DISABLED: "Die Anmeldung mit Passwort ist deaktiviert. Bitte melden Sie sich über Ihre E-Mail-Adresse an.",
    NOT_SIGNED_IN: "Bitte melden Sie sich zuerst an.",
    ADMIN_ONLY: "Diese Seite ist Administratoren vorbehalten. Melden Sie sich mit einem Administratorkonto an.",
    STAFF_ONLY: "Die Support-Konsole ist dem Support-Team vorbehalten. Melden Sie sich mit einem Support- oder Administratorkonto an.",
    ADMIN_ACTION_ONLY: "Das kann nur ein Administrator tun.",
    OWN_ACCOUNT: "Ihr eigenes Konto können Sie nicht über die Support-Konsole bearbeiten. Bitten Sie ein anderes Teammitglied darum.",
    ACCOUNT_DISABLED: "Dieses Konto ist deaktiviert, daher ist keine Anmeldung möglich. Bitte wenden Sie sich an den Support.",
    PASSWORD_INVALID: "Das neue Passwort erfüllt die Anforderungen nicht.",
    PASSWORD_BREACHED:
      "Dieses Passwort steht auf einer Liste von Passwörtern, die durch Datenlecks bei anderen Websites bekannt geworden sind, daher können Sie sich damit nicht mehr anmelden. Wir haben Ihnen einen Zugangslink per E-Mail gesendet: Öffnen Sie ihn und legen Sie dann ein neues Passwort fest.",
    PASSWORD_ALREADY_SET: "Für dieses Konto ist bereits ein Passwort festgelegt. Um es zu ändern, verwenden Sie „Passwort vergessen?“.",
    CURRENT_PASSWORD_MISSING: "Geben Sie Ihr aktuelles Passwort ein.",
    CURRENT_PASSWORD_WRONG: "Ihr aktuelles Passwort ist falsch.",
    GOOGLE_ONLY_WAY_IN:
      "Außer über den Link per E-Mail melden Sie sich nur mit Google an. Legen Sie zuerst ein Passwort fest und trennen Sie dann Ihr Google-Konto.",
    MICROSOFT_ONLY_WAY_IN:
      "Außer über den Link per E-Mail melden Sie sich nur mit Microsoft an. Legen Sie zuerst ein Passwort fest und trennen Sie dann Ihr Microsoft-Konto.",
    RESET_LINK_UNKNOWN: "Dieser Link zum Zurücksetzen des Passworts ist ungültig. Bitte fordern Sie einen neuen an.",
    RESET_LINK_USED: "Dieser Link zum Zurücksetzen des Passworts wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
    RESET_LINK_EXPIRED: "Dieser Link zum Zurücksetzen des Passworts ist abgelaufen. Bitte fordern Sie einen neuen an.",
    DELETION_LINK_UNKNOWN: "Dieser Link zum Löschen des Kontos ist ungültig, oder das Konto wurde bereits gelöscht.",
    DELETION_LINK_USED: "Dieser Link zum Löschen des Kontos wurde bereits verwendet.",
    DELETION_LINK_EXPIRED: "Dieser Link zum Löschen des Kontos ist abgelaufen. Fordern Sie auf Ihrer Kontoseite einen neuen an.",
    PASSKEY_UNKNOWN:
      "Dieser Passkey ist bei uns nicht registriert oder wurde entfernt. Melden Sie sich über Ihre E-Mail-Adresse an und fügen Sie dann erneut einen Passkey hinzu.",
    PASSKEY_REFUSED:
      "Dieser Passkey konnte nicht überprüft werden. Bitte versuchen Sie es erneut oder melden Sie sich über Ihre E-Mail-Adresse an.",
    PASSKEY_EXPIRED: "Diese Passkey-Anfrage ist abgelaufen oder wurde bereits verwendet. Bitte versuchen Sie es erneut.",
    RECENT_SIGN_IN_REQUIRED: "Bitte bestätigen Sie zu Ihrer Sicherheit zuerst, dass Sie es sind.",
    PASSWORD_SET_IN_THIS_SESSION:
      "Ein Passwort, das seit Ihrer Anmeldung hier festgelegt wurde, kann nicht bestätigen, dass Sie es sind. Lassen Sie sich stattdessen einen Code per E-Mail senden.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "Bitte melden Sie sich zu Ihrer Sicherheit erneut an und legen Sie dann Ihr Passwort fest.",
    NOT_ME_LINK_UNKNOWN: "Dieser Link ist ungültig. Öffnen Sie ihn erneut aus der E-Mail.",
    NOT_ME_LINK_USED: "Dieser Browser wurde mit diesem Link bereits abgemeldet.",
    NOT_ME_LINK_EXPIRED: "Dieser Link ist abgelaufen. Sie können jeden Browser weiterhin auf Ihrer Kontoseite abmelden.",
    SAME_EMAIL: "Das ist bereits Ihre E-Mail-Adresse.",
    APPROVAL_UNAVAILABLE:
      "Diese Anmeldung kann von hier aus nicht mehr bestätigt werden. Melden Sie sich stattdessen auf diesem Gerät an, oder fordern Sie einen neuen Link an.",
    APPROVAL_SAME_BROWSER: "Dies ist der Browser, der den Link angefordert hat: Melden Sie sich hier über die Schaltfläche an.",
    EMAIL_UNDELIVERABLE:
      "Unsere E-Mail an diese Adresse konnte nicht zugestellt werden, deshalb haben wir keine weitere gesendet. Verwenden Sie eine andere E-Mail-Adresse oder melden Sie sich auf andere Weise an.",
    APPROVAL_WRONG_NUMBER:
      "Diese Zahl stimmte nicht überein, daher wurde niemand angemeldet. Fordern Sie auf Ihrem anderen Gerät einen neuen Link an.",
    EMAIL_CHANGE_LINK_UNKNOWN:
      "Dieser Link ist ungültig, oder das zugehörige Konto existiert nicht mehr. Öffnen Sie ihn erneut aus der E-Mail.",
    EMAIL_CHANGE_LINK_USED: "Diese Änderung der E-Mail-Adresse wurde bereits bestätigt.",
    EMAIL_CHANGE_LINK_EXPIRED: "Dieser Link ist abgelaufen. Fordern Sie die Änderung auf Ihrer Kontoseite erneut an.",
    EMAIL_CHANGE_CANCELLED: "Diese Änderung der E-Mail-Adresse wurde abgebrochen. Es wurde nichts geändert.",
    EMAIL_CHANGE_REPLACED: "Diese Anfrage wurde durch eine neuere ersetzt. Verwenden Sie den Link in der neuesten E-Mail.",
    EMAIL_CHANGE_UNDONE: "Diese Änderung der E-Mail-Adresse wurde von der bisherigen Adresse aus rückgängig gemacht.",
    EMAIL_CHANGE_SUPERSEDED:
      "Eine frühere Änderung der E-Mail-Adresse wurde rückgängig gemacht, daher funktioniert dieser Link nicht mehr.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "Diese Änderung wurde bereits abgebrochen.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "Dieser Link ist abgelaufen, und die Änderung, um die es ging, kann nicht mehr bestätigt werden.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "Die neue Adresse hat diese Änderung bereits bestätigt. Verwenden Sie den Link zum Rückgängigmachen in der E-Mail „Ihre E-Mail-Adresse wurde geändert“, die an diese Adresse gesendet wurde.",
    EMAIL_UNDO_LINK_USED: "Diese Änderung wurde bereits rückgängig gemacht.",
    EMAIL_UNDO_LINK_EXPIRED:
      "Dieser Link zum Rückgängigmachen ist abgelaufen. Wenden Sie sich an den Support, um Ihr Konto zurückzuerhalten.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "Sie haben uns diese Änderung bereits gemeldet. Unser Support-Team kümmert sich darum.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED:
      "Dieser Link ist abgelaufen. Wenn die Rücksetzung nicht von Ihnen kam, wenden Sie sich an den Support.",
    EMAIL_TAKEN_NOW: "Diese Adresse gehört inzwischen zu einem anderen Konto, daher kann die Änderung nicht vorgenommen werden.",
    OLD_EMAIL_TAKEN:
      "Ihre bisherige Adresse gehört inzwischen zu einem anderen Konto und kann daher nicht wiederhergestellt werden. Wenden Sie sich an den Support.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "Dieser Link ist ungültig, oder der Passkey wurde bereits entfernt.",
    PASSKEY_REMOVAL_LINK_USED: "Dieser Passkey wurde bereits entfernt.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "Dieser Link ist abgelaufen. Sie können den Passkey weiterhin auf Ihrer Kontoseite entfernen.",
    DEVICE_NOT_FOUND: "Dieses Gerät ist nicht mit Ihrem Konto verknüpft.",
    BUSY: "Wir sind gerade stark ausgelastet. Bitte versuchen Sie es gleich noch einmal.",
    INTERNAL: "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Anmelden",
    signInErrorTitle: "Anmeldefehler",
    signInErrorHeading: "Die Anmeldung konnte nicht abgeschlossen werden",
    signInErrorRetry: "Kehren Sie zur App zurück und versuchen Sie es erneut.",
    signInExpiredTitle: "Anmeldung abgelaufen",
    signInExpiredHeading: "Diese Anmeldung ist abgelaufen",
    signInExpiredText: "Kehren Sie zur App zurück und melden Sie sich erneut an.",
    loggingOut: "Sie werden abgemeldet",
    logoutQuestion: "Möchten Sie sich abmelden?",
    logOut: "Abmelden",
  },
};
