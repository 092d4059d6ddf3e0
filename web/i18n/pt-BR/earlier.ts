import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8). Terms: docs/languages/pt-BR.md. */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "E-mail ou senha inválidos",
    loginFailed: "Ocorreu um erro ao tentar entrar",
    setPasswordFailed: "Ocorreu um erro ao tentar definir a senha",
    fetchUserEmpty: "Ocorreu um erro ao carregar os dados da sua conta",
    requestFailed: "Ocorreu um erro ao enviar a solicitação.",
  },
};
