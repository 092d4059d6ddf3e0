import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "Bei Ihrem Konto anmelden",
    text: "Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.",
    forgot: "Passwort vergessen?",
    login: "Anmelden",
    createAccount: "Konto erstellen",
  },
  maverickPasswordLogin: {
    title: "Anmelden",
    continue: "Weiter",
    emailLink: "Zugangslink per E-Mail erhalten",
  },
};
