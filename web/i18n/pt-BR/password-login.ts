import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "Entre na sua conta",
    text: "Digite seu e-mail e sua senha.",
    forgot: "Esqueceu sua senha?",
    login: "Entrar",
    createAccount: "Criar conta",
  },
  maverickPasswordLogin: {
    title: "Entrar",
    continue: "Continuar",
    emailLink: "Receber um link de acesso por e-mail",
  },
};
