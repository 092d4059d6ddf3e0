import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "Connectez-vous à votre compte",
    text: "Veuillez saisir votre adresse e-mail et votre mot de passe.",
    forgot: "Mot de passe oublié ?",
    login: "Se connecter",
    createAccount: "Créer un compte",
  },
  maverickPasswordLogin: {
    title: "Connexion",
    continue: "Continuer",
    emailLink: "Recevoir un lien de connexion par e-mail",
  },
};
