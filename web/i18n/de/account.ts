import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/account.ts";
import { strings as shared } from "./shared.ts";

/** The badge of the customer's own browser; the page lowercases it for the sign-out button's name. */
const THIS_BROWSER = "Dieser Browser";

/**
 * An app as `desktopApp`/`unknownApp` give it inside a sentence (dative, "bei der App …"), as the
 * subject that starts one ("Die App … wurde abgemeldet").
 */
function appAsSubject(app: string): string {
  return app.startsWith("der ") ? `Die ${app.slice(4)}` : `${app.charAt(0).toUpperCase()}${app.slice(1)}`;
}

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  account: {
    title: "Ihr Konto",
    loading: "Ihr Konto wird geladen...",
    loadFailed: "Ihr Konto konnte nicht angezeigt werden. Bitte versuchen Sie es erneut.",
    signOut: "Abmelden",
    who: {
      heading: "Ihre Angaben",
      email: "E-Mail-Adresse",
      name: "Name",
      noName: "Kein Name angegeben",
      edit: "Bearbeiten",
      editName: "Name bearbeiten",
      save: "Speichern",
      cancel: "Abbrechen",
      saved: "Ihr Name wurde gespeichert.",
      licenses: "Lizenzen",
      noLicenses: "Für dieses Konto gibt es noch keine Lizenzen.",
      licenseState: { Active: "Aktiv", Trial: "Testversion", Expired: "Abgelaufen" } as Record<string, string>,
      licenseSince: {
        Active: (date: string) => `Aktiv seit ${date}`,
        Trial: (date: string) => `Testversion seit ${date}`,
        Expired: (date: string) => `Abgelaufen, bestand seit ${date}`,
      } as Record<string, (date: string) => string>,
      changeEmail: "Ändern",
      changeEmailName: "E-Mail-Adresse ändern",
      newEmail: "Neue E-Mail-Adresse",
      sendConfirmation: "Bestätigung senden",
      changeText:
        "Wir senden an die neue Adresse einen Link zur Bestätigung und benachrichtigen Ihre aktuelle Adresse. Es ändert sich nichts, bis die neue Adresse bestätigt wurde.",
      sent: (newEmail: string, email: string) =>
        `Wir haben einen Link und einen Code an ${newEmail} gesendet. Öffnen Sie den Link oder geben Sie den Code hier ein. Bis dahin bleibt Ihre E-Mail-Adresse ${email}.`,
      code: "Code aus der E-Mail",
      confirmCode: "Bestätigen",
      changed: (email: string) => `Ihre E-Mail-Adresse lautet jetzt ${email}. Alle anderen Browser und Apps wurden abgemeldet.`,
      undelivered: {
        what: (date: string) =>
          `Unsere E-Mail an diese Adresse konnte am ${date} nicht zugestellt werden. Deshalb senden wir keine E-Mails mehr an sie.`,
        reasons: {
          no_mailbox:
            "Der empfangende Mailserver meldet, dass es dieses Postfach nicht gibt. Prüfen Sie die Adresse auf Tippfehler und ändern Sie sie, falls sie falsch ist.",
          mailbox_full:
            "Der empfangende Mailserver meldet, dass das Postfach voll ist. Schaffen Sie darin etwas Platz und versuchen Sie es dann erneut.",
          blocked:
            "Der empfangende Mailserver hat unsere E-Mail blockiert, vielleicht als Spam. Möglicherweise weist Ihr E-Mail-Anbieter oder der Filter Ihrer Firma sie ab.",
          other: "Der empfangende Mailserver hat sie nicht angenommen.",
        },
        reference: (reference: string) => `Wenn Sie sich an unser Support-Team wenden, nennen Sie diese Referenz: ${reference}`,
        retry: "Wieder E-Mails an mich senden",
        retried: "Wir senden wieder E-Mails an diese Adresse. Kann unsere E-Mail weiterhin nicht zugestellt werden, sehen Sie das hier.",
      },
    },
    methods: {
      heading: "So melden Sie sich an",
      link: "Link per E-Mail",
      linkText: "Wir senden Ihnen einen persönlichen Link oder Code per E-Mail. Das funktioniert immer.",
      password: "Passwort",
      passwordSet: "Ein Passwort ist festgelegt.",
      passwordNotSet: "Noch kein Passwort festgelegt.",
      changePassword: "Passwort ändern",
      setPassword: "Passwort festlegen",
      breached:
        "Ihr Passwort steht auf einer Liste von Passwörtern, die durch Datenlecks bei anderen Websites bekannt geworden sind, daher können Sie sich damit nicht mehr anmelden. Legen Sie ein neues fest.",
      currentPassword: "Aktuelles Passwort",
      savePassword: "Passwort speichern",
      passwordSaved: "Ihr Passwort wurde gespeichert. Alle anderen Browser und Apps wurden abgemeldet.",
      forgotCurrent: "Vergessen? Link für ein neues Passwort per E-Mail erhalten",
      resetSent: (email: string) => `Wir haben einen Link an ${email} gesendet. Öffnen Sie ihn, um ein neues Passwort festzulegen.`,
      google: "Google",
      googleNotLinked: "Nicht verknüpft. Wählen Sie auf einer Anmeldeseite „Weiter mit Google“, um Ihr Google-Konto zu verknüpfen.",
      googleLinked: (email: string) => `Verknüpft mit ${email}`,
      unlink: "Trennen",
      unlinkGoogle: (email: string) => `Google-Konto ${email} trennen`,
      unlinked: "Ihr Google-Konto wurde getrennt.",
      microsoft: "Microsoft",
      microsoftNotLinked:
        "Nicht verknüpft. Wählen Sie auf einer Anmeldeseite „Weiter mit Microsoft“, um Ihr Microsoft-Konto zu verknüpfen.",
      microsoftLinked: (email: string) => `Verknüpft mit ${email}`,
      unlinkMicrosoft: (email: string) => `Microsoft-Konto ${email} trennen`,
      unlinkedMicrosoft: "Ihr Microsoft-Konto wurde getrennt.",
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `Am ${date} hat Google uns mitgeteilt, dass jemand anderes Ihr Google-Konto übernommen haben könnte. Deshalb ist die Anmeldung mit Google ausgesetzt. Sichern Sie Ihr Google-Konto bei Google und melden Sie sich dann mit Ihrem Passwort oder einem Passkey an, um Google wieder zu nutzen, oder wenden Sie sich an unseren Support. Ein Passwort oder Passkey aus dem Monat davor zählt nicht.`,
      googleChangeAsked: (date: string) =>
        `Am ${date} hat Google Sie aufgefordert, das Passwort Ihres Google-Kontos zu ändern. Bis Sie sich wieder mit Google anmelden, prüfen Sie die Sicherheit Ihres Google-Kontos bei Google.`,
    },
    passkeys: {
      heading: "Passkeys",
      text: "Mit einem Passkey melden Sie sich per Fingerabdruck, Gesichtserkennung oder Displaysperre an, ohne auf eine E-Mail zu warten.",
      none: "Noch keine Passkeys.",
      add: "Passkey hinzufügen",
      added: "Ihr Passkey wurde hinzugefügt.",
      thisBrowser: "In diesem Browser erstellt",
      synced: "synchronisiert",
      created: (date: string) => `Hinzugefügt am ${date}`,
      lastUsed: (date: string) => `zuletzt verwendet am ${date}`,
      neverUsed: "noch nicht verwendet",
      rename: "Umbenennen",
      renameNamed: (name: string) => `Passkey ${name} umbenennen`,
      nameLabel: "Name des Passkeys",
      save: "Speichern",
      cancel: "Abbrechen",
      renamed: "Der Passkey wurde umbenannt.",
      remove: "Entfernen",
      removeNamed: (name: string) => `Passkey ${name} entfernen`,
      removed: (name: string) => `${name} wurde entfernt. Sie können sich weiterhin mit einem Link per E-Mail anmelden.`,
    },
    confirm: {
      heading: "Bestätigen Sie, dass Sie es sind",
      text: "Bestätigen Sie zu Ihrer Sicherheit, dass Sie es sind, bevor Sie einen Passkey hinzufügen.",
      /** The same, before a first password and before an email change. */
      textPassword: "Bestätigen Sie zu Ihrer Sicherheit, dass Sie es sind, bevor Sie ein Passwort festlegen.",
      textEmail: "Bestätigen Sie zu Ihrer Sicherheit, dass Sie es sind, bevor Sie Ihre E-Mail-Adresse ändern.",
      password: "Aktuelles Passwort",
      confirm: "Bestätigen",
      emailCode: "Code per E-Mail anfordern",
      emailCodeInstead: "Stattdessen einen Code per E-Mail anfordern",
      codeSent: (email: string) => `Wir haben einen 6-stelligen Code an ${email} gesendet.`,
      code: "6-stelliger Code",
      cancel: "Abbrechen",
    },
    removePasskeys: {
      legend: "Auch diese Passkeys entfernen",
      hint: "Passkeys, die in den letzten 30 Tagen hinzugefügt wurden, sind ausgewählt: Falls jemand anderes angemeldet war, hat er möglicherweise einen hinzugefügt.",
      passkey: (name: string, added: string) => `${name}, hinzugefügt am ${added}`,
    },
    notMe: {
      title: "Waren Sie das nicht?",
      checking: "Der Link wird geprüft...",
      what: (browser: string, network: string, when: string) =>
        `${browser} (Netzwerk ${network}) wurde am ${when} bei Ihrem Konto angemeldet.`,
      effect:
        "Wenn Sie ihn abmelden, wird er auch bei allen Apps abgemeldet, bei denen er sich angemeldet hat, und jeder Passkey, den er hinzugefügt hat, wird entfernt.",
      signOut: "Diesen Browser abmelden",
      doneTitle: "Der Browser ist abgemeldet",
      done: "Er ist bei Ihrem Konto und bei allen Apps abgemeldet, bei denen er sich angemeldet hat, und jeder Passkey, den er hinzugefügt hat, wurde entfernt.",
      review: "Überprüfen Sie als Nächstes Ihr Konto: Wir können Ihnen einen Zugangslink per E-Mail senden.",
      emailLink: "Zugangslink per E-Mail erhalten",
      linkSent: (email: string) => `Wir haben einen Zugangslink an ${email} gesendet.`,
      problemTitle: "Dieser Link kann nicht verwendet werden",
    },
    emailChange: {
      checking: "Der Link wird geprüft...",
      problemTitle: "Dieser Link kann nicht verwendet werden",
      confirmTitle: "Ihre neue E-Mail-Adresse bestätigen",
      confirmWhat: (email: string, newEmail: string) =>
        `Dadurch wird die E-Mail-Adresse Ihres Kontos von ${email} in ${newEmail} geändert.`,
      confirmEffect: "Danach melden Sie sich mit der neuen Adresse an. Andere Browser und Apps werden abgemeldet.",
      confirm: "Neue E-Mail-Adresse bestätigen",
      confirmedTitle: "Ihre E-Mail-Adresse wurde geändert",
      confirmed: (newEmail: string) => `Ihre E-Mail-Adresse lautet jetzt ${newEmail}. Melden Sie sich ab sofort damit an.`,
      cancelTitle: "Diese Änderung der E-Mail-Adresse abbrechen?",
      cancelWhat: (newEmail: string, when: string) =>
        `Am ${when} hat jemand angefordert, die E-Mail-Adresse Ihres Kontos in ${newEmail} zu ändern.`,
      cancelEffect:
        "Wenn Sie abbrechen, bleibt Ihre E-Mail-Adresse unverändert, und der Browser, in dem die Änderung angefordert wurde, wird abgemeldet.",
      cancel: "Änderung abbrechen",
      cancelledTitle: "Die Änderung wurde abgebrochen",
      cancelled: "Ihre E-Mail-Adresse bleibt unverändert, und der Browser, in dem die Änderung angefordert wurde, ist abgemeldet.",
      undoTitle: "Änderung der E-Mail-Adresse rückgängig machen?",
      undoWhat: (email: string, newEmail: string) =>
        `Dadurch wird ${email} anstelle von ${newEmail} wieder zur E-Mail-Adresse Ihres Kontos.`,
      undoEffect:
        "Alle Browser und Apps werden abgemeldet, und Passkeys, Passwörter und Verknüpfungen mit Google oder Microsoft, die seit der Anforderung der Änderung hinzugefügt wurden, werden entfernt.",
      undo: "Meine E-Mail-Adresse wiederherstellen",
      undoneTitle: "Ihre E-Mail-Adresse wurde wiederhergestellt",
      undone: (email: string) => `${email} ist wieder die E-Mail-Adresse Ihres Kontos, und alle Browser und Apps wurden abgemeldet.`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "Melden, dass Sie das nicht waren?",
      disputeWhat: (email: string, when: string) =>
        `Am ${when} wurde die E-Mail-Adresse Ihres Kontos mit dem Link zum Rückgängigmachen, der an diese Adresse ging, auf ${email} zurückgesetzt.`,
      disputeEffect:
        "Ihre Meldung ändert nichts am Konto und meldet niemanden an: Unser Support-Team sieht sich das an und prüft, wem das Konto gehört, bevor etwas verschoben wird.",
      dispute: "Das war ich nicht",
      disputedTitle: "Unser Support-Team ist informiert",
      disputed: "Unser Support-Team ist informiert. Die Schaltfläche hat niemanden angemeldet, und am Konto wurde nichts geändert.",
      disputedNext: (brand: string) =>
        `So erreichen Sie das Team: Senden Sie eine Support-Anfrage aus ${brand} auf Ihrem Computer, und nennen Sie diese Adresse und die, auf die Ihr Konto zurückgesetzt wurde.`,
    },
    passkeyRemoval: {
      title: "Diesen Passkey entfernen?",
      checking: "Der Link wird geprüft...",
      /** The browser in brackets, as the activity lines give it: "(Chrome unter Windows)", "(unbekannter Browser)". */
      what: (name: string, browser: string, when: string) => `Der Passkey ${name} wurde am ${when} hinzugefügt (${browser}).`,
      effect: "Wenn Sie ihn entfernen, wird auch der Browser abgemeldet, in dem er hinzugefügt wurde.",
      remove: "Passkey entfernen",
      removedTitle: "Passkey entfernt",
      removed: "Der Passkey wurde entfernt, und der Browser, in dem er hinzugefügt wurde, ist abgemeldet.",
      next: "Wenn Sie ihn nicht hinzugefügt haben, überprüfen Sie jetzt Ihr Konto: Melden Sie sich überall ab und ändern Sie Ihr Passwort, falls Sie eines haben.",
      account: "Zu Ihrem Konto",
      problemTitle: "Dieser Link kann nicht verwendet werden",
    },
    places: {
      heading: "Wo Sie angemeldet sind",
      browsers: "Browser",
      apps: "Apps",
      thisBrowser: THIS_BROWSER,
      unknownBrowser: "Unbekannter Browser",
      browserOn: (browser: string, system: string) => `${browser} unter ${system}`,
      near: (network: string) => `Netzwerk ${network}`,
      since: (date: string) => `Angemeldet am ${date}`,
      lastUsed: (date: string) => `zuletzt verwendet am ${date}`,
      noApps: "Keine Apps angemeldet.",
      allBrowsers: (count: number) => `Alle ${count} Browser anzeigen`,
      desktopApp: (brand: string) => `Desktop-App von ${brand}`,
      webApp: (brand: string) => `${brand} im Web`,
      app: (clientId: string) => `App ${clientId}`,
      appSince: (date: string) => `Seit ${date}`,
      signOut: "Abmelden",
      /** The page gives this browser's badge lowercased: German keeps the noun's capital. */
      signOutNamed: (name: string) => (name === THIS_BROWSER.toLowerCase() ? "Diesen Browser abmelden" : `${name} abmelden`),
      signOutEverywhereElse: "Überall sonst abmelden",
      signedOut: (name: string) => `${name} wurde abgemeldet.`,
      signedOutEverywhereElse: "Alle anderen Browser und Apps wurden abgemeldet.",
      confirmSignOutEverywhereElse: "Jetzt überall sonst abmelden",
    },
    activity: {
      heading: "Letzte Aktivitäten",
      intro: "Die letzten 30 Tage, neueste zuerst.",
      none: "Keine Aktivitäten in den letzten 30 Tagen.",
      more: (older: number) => (older === 1 ? "1 älteren Eintrag anzeigen" : `Ältere Einträge anzeigen (${older})`),
      /** How each way in reads in a sentence: "Angemeldet mit einem Link per E-Mail". */
      methods: {
        link: "mit einem Link per E-Mail",
        code: "mit dem Code aus einer E-Mail",
        password: "mit Ihrem Passwort",
        google: "mit Google",
        microsoft: "mit Microsoft",
        passkey: "mit einem Passkey",
      } as Record<string, string>,
      /** An app inside a sentence, after "bei": "Angemeldet bei der Desktop-App von DS One". */
      desktopApp: (brand: string) => `der Desktop-App von ${brand}`,
      webApp: (brand: string) => `${brand} im Web`,
      unknownApp: (clientId: string) => `der App ${clientId}`,
      unknownBrowser: "unbekannter Browser",
      /** What happened, as the start of a sentence (the trail's vocabulary is server/auth/kernel/audit-trail.ts). */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) => `Angemeldet${app ? ` bei ${app}` : ""}${how ? ` ${how}` : ""}`,
        signInRefused: (how: string | undefined) => `Eine Anmeldung${how ? ` ${how}` : ""} wurde abgelehnt`,
        wrongPasswordRefused: "Eine Anmeldung mit falschem Passwort wurde abgelehnt",
        accessLinkRequested: "Ein Zugangslink wurde per E-Mail gesendet",
        passwordResetRequested: "Ein Link zum Zurücksetzen des Passworts wurde per E-Mail gesendet",
        passwordSet: "Ein Passwort wurde festgelegt",
        passwordChanged: "Ihr Passwort wurde geändert",
        passwordChangeRefused: "Eine Passwortänderung mit falschem aktuellem Passwort wurde abgelehnt",
        googleLinked: "Ihr Google-Konto wurde verknüpft",
        googleUnlinked: "Ihr Google-Konto wurde getrennt",
        microsoftLinked: "Ihr Microsoft-Konto wurde verknüpft",
        microsoftUnlinked: "Ihr Microsoft-Konto wurde getrennt",
        signedOut: "Ein Browser wurde abgemeldet",
        signedOutEverywhere: "Alle Browser und Apps wurden abgemeldet",
        appSignedOut: (app: string | undefined) => (app ? `${appAsSubject(app)} wurde abgemeldet` : "Eine App wurde abgemeldet"),
        newBrowser: "Ein neuer Browser wurde angemeldet",
        licenseChanged: "Eine Lizenz wurde geändert",
        deviceLinked: "Ein Computer wurde verknüpft",
        nameChanged: "Ihr Name wurde geändert",
        accountCreated: "Ihr Konto wurde erstellt",
        dataExported: "Ihre Daten wurden heruntergeladen",
        accountDeletionRequested: "Sie haben die Löschung Ihres Kontos angefordert",
        passkeyRegistered: "Ein Passkey wurde hinzugefügt",
        passkeyRenamed: "Ein Passkey wurde umbenannt",
        passkeyRemoved: "Ein Passkey wurde entfernt",
        passkeyRefused: "Eine Anmeldung mit einem Passkey wurde abgelehnt",
        identityConfirmed: "Sie haben bestätigt, dass Sie es waren",
        signInReported: "Eine Anmeldung wurde als nicht von Ihnen stammend gemeldet, und der Browser wurde abgemeldet",
        emailChangeRequested: "Eine Änderung Ihrer E-Mail-Adresse wurde angefordert",
        emailChanged: "Ihre E-Mail-Adresse wurde geändert",
        emailChangeCancelled: "Eine Änderung Ihrer E-Mail-Adresse wurde abgebrochen",
        emailChangeUndone: "Eine Änderung Ihrer E-Mail-Adresse wurde rückgängig gemacht, und alle Browser und Apps wurden abgemeldet",
        emailChangeUndoDisputed:
          "Die Rücksetzung Ihrer E-Mail-Adresse wurde von der ersetzten Adresse als nicht von ihr veranlasst gemeldet",
        supportSearched: "Ihr Konto wurde in einer Suche gefunden",
        supportViewed: "Ihr Konto wurde aufgerufen",
        rateLimitsCleared: "Die Sperre nach zu vielen Anmeldeversuchen wurde aufgehoben",
        accountDisabled: "Ihr Konto wurde deaktiviert",
        accountEnabled: "Ihr Konto wurde wieder aktiviert",
        roleChanged: "Die Rolle Ihres Kontos wurde geändert",
        mailCleared: "Der E-Mail-Versand an Ihre Adresse wurde wieder aufgenommen",
        googleSessionsRevoked: "Google hat die Sitzungen Ihres Google-Kontos beendet, deshalb wurden alle Browser und Apps abgemeldet",
        googleTokensRevoked:
          "Laut Google wurde unser Zugriff auf Ihr Google-Konto widerrufen, deshalb wurden alle Browser und Apps abgemeldet",
        googleAccountHijacked:
          "Laut Google wurde Ihr Google-Konto möglicherweise übernommen: Alle Browser und Apps wurden abgemeldet und die Anmeldung mit Google ausgesetzt",
        googleAccountDisabled: "Laut Google wurde Ihr Google-Konto deaktiviert",
        googleAccountEnabled: "Laut Google wurde Ihr Google-Konto wieder aktiviert",
        googleCredentialChangeRequired: "Google hat Sie aufgefordert, das Passwort Ihres Google-Kontos zu ändern",
        googleHoldCleared: "Die Anmeldung mit Google wurde wieder freigegeben",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence: what happened, then in brackets by our support team or from which
       * browser, which network, and whether the browser was new: "Angemeldet mit einem Link per
       * E-Mail (Chrome on Windows, Netzwerk 203.0.113.0, neuer Browser für dieses Konto)."
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) => {
        const details = where.bySupport
          ? ["durch unser Support-Team"]
          : [where.device, where.network ? `Netzwerk ${where.network}` : undefined];
        if (where.newBrowser) details.push("neuer Browser für dieses Konto");
        const said = details.filter(Boolean);
        return said.length > 0 ? `${what} (${said.join(", ")}).` : `${what}.`;
      },
    },
    data: {
      heading: "Ihre Daten",
      text: "Laden Sie eine Kopie aller Daten, die wir zu Ihrem Konto speichern, als JSON-Datei herunter.",
      download: "Meine Daten herunterladen",
    },
    delete: {
      heading: "Konto löschen",
      text: "Wenn Sie Ihr Konto löschen, werden Sie überall abgemeldet, Google, Microsoft und Ihre Geräte werden getrennt, Ihre Lizenzen (auch kostenpflichtige) werden entfernt und Ihre Angaben und Aktivitäten gelöscht. Dies kann nicht rückgängig gemacht werden.",
      request: "Mein Konto löschen",
      confirmText: "Wir senden Ihnen einen Link zur Bestätigung per E-Mail. Gelöscht wird erst, wenn Sie ihn öffnen.",
      confirm: "Link per E-Mail anfordern",
      cancel: "Abbrechen",
      sent: (email: string) =>
        `Wir haben einen Link an ${email} gesendet. Öffnen Sie ihn, um die Löschung zu bestätigen. Er funktioniert nur einmal und läuft bald ab.`,
    },
  },
  deleteAccount: {
    title: "Konto löschen",
    checking: "Ihr Link wird geprüft...",
    text: (email: string) => `Dadurch wird das Konto ${email} gelöscht:`,
    effects: [
      "Alle damit angemeldeten Browser, Computer und Apps werden abgemeldet.",
      "Passwort, Verknüpfungen mit Google und Microsoft, Geräte und Einstellungen werden entfernt.",
      "Die Lizenzen enden, auch kostenpflichtige.",
      "Alle Angaben und Aktivitäten werden gelöscht.",
    ],
    cannotUndo: "Dies kann nicht rückgängig gemacht werden.",
    confirm: "Mein Konto löschen",
    keep: "Mein Konto behalten",
    deletedTitle: "Ihr Konto wurde gelöscht",
    deletedText: "Wir haben Ihr Konto gelöscht und Ihnen zur Bestätigung eine letzte E-Mail gesendet. Vielen Dank, dass Sie bei uns waren.",
    keptTitle: "Ihr Konto bleibt bestehen",
    keptText: "Es wurde nichts gelöscht, und der Link in der E-Mail funktioniert nicht mehr.",
    refusedTitle: "Dieser Link kann nicht verwendet werden",
    incomplete: "Dieser Link ist unvollständig. Öffnen Sie ihn erneut aus der E-Mail oder fordern Sie auf Ihrer Kontoseite einen neuen an.",
    toBrand: (name: string) => `Weiter zu ${name}`,
    failed: "Ihr Konto konnte nicht gelöscht werden. Bitte versuchen Sie es erneut.",
    checkFailed: "Ihr Link konnte gerade nicht geprüft werden. Bitte versuchen Sie es erneut.",
    retry: "Erneut versuchen",
    toAccount: "Zu meinem Konto",
  },
};
