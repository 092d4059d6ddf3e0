import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/** A field's label as an object of "Mostrar"/"Ocultar": "Confirmar senha" reads "confirmação de senha". */
function fieldName(label: string): string {
  return label.toLowerCase().replace(/^confirmar /, "confirmação de ");
}

/**
 * Every string a customer reads, in Brazilian Portuguese (pt-BR), addressing the user as "você".
 * Terms: docs/languages/pt-BR.md.
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in pt-BR/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Escuro" or "Claro", for the toggle's name: "Mudar para o tema Escuro". */
    switchToBefore: "Mudar para o tema ",
    switchToAfter: "",
    dark: "Escuro",
    light: "Claro",
  },
  loading: {
    text: "Carregando o software...",
    /** Read while a screen's code is on its way. */
    screen: "Carregando...",
  },
  login: {
    title: "Área do cliente",
    continueWithGoogle: "Continuar com o Google",
    continueWithMicrosoft: "Continuar com a Microsoft",
    or: "Ou",
    emailLabelWithSocial: "Usar outro e-mail",
    emailLabel: "Digite seu e-mail",
    continue: "Continuar",
    accountNotFound: "Conta não encontrada",
    accountNotFoundText: (email: string) => `Não encontramos uma conta para ${email}.`,
    tryAnotherEmail: "Tentar outro e-mail",
    createAccount: "Crie sua conta",
    captchaFailed: "Falha no login",
    unexpectedError: "Algo deu errado. Tente novamente daqui a pouco.",
    passkey: "Entrar com uma chave de acesso",
    passkeyUnavailable: "Este navegador não pode usar uma chave de acesso nesta página. Continue com seu e-mail.",
  },
  checkEmail: {
    title: "Confira seu e-mail",
    /** Around the address, which is shown in bold: "Enviamos um link de acesso pessoal para <b>você@…</b>." */
    sent: "Enviamos um link de acesso pessoal para",
    sentAfter: ".",
    /** The link's lifetime: "1 dia", "2 dias". */
    expires: (days: number) => `O link expira em ${plural("pt-BR", days, { one: "# dia", many: "# de dias", other: "# dias" })}.`,
    spam: "Se não encontrar o e-mail, verifique a pasta de spam ou lixo eletrônico.",
    slow: "Está demorando mais que o normal. Ainda estamos tentando entregar o e-mail.",
    useAnotherEmail: "Usar outro e-mail",
    resend: "Reenviar",
    resendIn: (seconds: number) => plural("pt-BR", seconds, { one: "Reenviar em # s", many: "Reenviar em # s", other: "Reenviar em # s" }),
    resent: "Enviamos outro link.",
    codeLabel: "Está lendo o e-mail em outro dispositivo? Digite o código de 6 dígitos",
    codeSubmit: "Entrar",
    codeIncomplete: "Digite os 6 dígitos do e-mail",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "Vai abrir o link no celular? Digite este número lá para entrar aqui:",
    approvalRefused: "Um número errado foi digitado no seu outro dispositivo, então nenhum login foi feito. Peça um novo link.",
    approvalUsedElsewhere: "O link foi usado em outro dispositivo.",
  },
  validation: {
    emailRequired: "O e-mail é obrigatório",
    emailInvalid: "Digite um endereço de e-mail válido",
    passwordRequired: "A senha é obrigatória",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Endereço de e-mail inválido",
  },
  fields: {
    email: "E-mail",
    password: "Senha",
    newPassword: "Nova senha",
    confirmPassword: "Confirmar senha",
    show: "Mostrar",
    hide: "Ocultar",
    /** The show/hide button's name, with the field's label: "Mostrar senha", "Ocultar confirmação de senha". */
    showField: (label: string) => `Mostrar ${fieldName(label)}`,
    hideField: (label: string) => `Ocultar ${fieldName(label)}`,
    close: "Fechar",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "Informações legais",
    privacy: "Política de privacidade",
    eula: "EULA",
    terms: "Termos e condições",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Idioma",
  },
  failure: {
    title: "Algo deu errado",
    text: "Não foi possível mostrar esta página. Tente novamente.",
    retry: "Tentar novamente",
  },
};
