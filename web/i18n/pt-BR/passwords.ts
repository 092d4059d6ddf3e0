import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/pt-BR.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "Esqueceu sua senha?",
    text: "Digite o e-mail da sua conta e enviaremos um link para você definir uma nova senha.",
    sendEmail: "Enviar e-mail",
    failed: "Ocorreu um erro ao enviar a solicitação.",
  },
  forgotPasswordConfirmation: {
    title: "E-mail de redefinição enviado",
    expires: (time: string) => `O link do e-mail expira em ${time}`,
    check: "Confira sua caixa de entrada e clique no link para definir uma nova senha.",
    backToLogin: "Voltar para o login",
  },
  resetPassword: {
    title: "Definir nova senha",
    save: "Salvar senha",
    checking: "Verificando seu link...",
    usedTitle: "Este link já foi usado",
    usedText: "Cada link de redefinição de senha só funciona uma vez. Peça um novo e nós o enviaremos por e-mail.",
    expiredTitle: "Este link expirou",
    expiredText: "Por segurança, os links de redefinição de senha expiram. Peça um novo e nós o enviaremos por e-mail.",
    unknownTitle: "Este link não é válido",
    unknownText:
      "O link pode estar incompleto: alguns programas de e-mail quebram links longos. Peça um novo e nós o enviaremos por e-mail.",
    newLink: "Enviar um novo link",
    removePasskeys: {
      legend: "Remover também estas chaves de acesso",
      hint: "As chaves de acesso adicionadas nos últimos 30 dias estão marcadas: se outra pessoa acessou sua conta, ela pode ter adicionado uma.",
      passkey: (name: string, added: string) => `${name}, adicionada em ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "Sua senha foi redefinida!",
    text: "Sua nova senha foi salva. Use-a da próxima vez que entrar.",
    login: "Entrar",
  },
  setPassword: {
    title: "Definir senha",
    text: "Você ainda não tem uma senha. Para sua segurança, crie uma.",
    save: "Salvar senha",
    serverError: "Ocorreu um erro. Tente novamente.",
  },
  setPasswordConfirmation: {
    title: "Sua nova senha foi definida!",
    /** Around the brand name in bold: "Salvamos sua senha do DS One. Use a nova senha…". */
    before: "Salvamos sua senha do ",
    after: ". Use a nova senha que você digitou para entrar no aplicativo.",
    login: "Entrar",
  },
};
