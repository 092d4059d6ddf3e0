import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "Accedi al tuo account",
    text: "Inserisci la tua email e la tua password.",
    forgot: "Hai dimenticato la password?",
    login: "Accedi",
    createAccount: "Crea account",
  },
  maverickPasswordLogin: {
    title: "Accedi",
    continue: "Continua",
    emailLink: "Inviami un link di accesso via email",
  },
};
