import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "Jetzt registrieren!",
    message: "Erstellen Sie ein Konto, um unsere Dienste zu nutzen.",
    createAccount: shared.login.createAccount,
    hideNotifications: "Diese und künftige Benachrichtigungen nicht mehr anzeigen",
    logIn: "Hier anmelden",
    uninstall: "Anleitung zur Deinstallation",
    loading: "Wird geladen...",
    settingFailed: (statusText: string) => `Die Einstellung konnte nicht gespeichert werden: ${statusText}`,
    thisBrowserOnly: "Ohne die Geräte-ID der Software gilt diese Einstellung nur für diesen Browser.",
  },
};
