import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/pt-BR.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in Brazilian Portuguese (pt-BR), addressing the
 * customer as "você": the mails, the messages of refused requests (the app shows them), and the
 * OpenID Provider's own pages. Terms: docs/languages/pt-BR.md.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1 hora", "2 dias". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("pt-BR", count, { one: "# dia", many: "# de dias", other: "# dias" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} no ${system}`,
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "Se o botão não funcionar, abra este endereço no seu navegador:",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `O link expira em ${lifetime} e só pode ser usado uma vez.`,
    /** Before the address in the text part: "Entrar: https://…". */
    signInLine: "Entrar",
    signInTo: (brand: string) => `Entrar no ${brand}`,
    ifThisWasYou: "Se foi você, não é preciso fazer mais nada.",
    ifItWasNotYou:
      "Se não foi você, redefina sua senha agora mesmo com o link “Esqueceu sua senha?” na página de login e entre em contato com o suporte.",
    accessLink: {
      subject: (brand: string) => `Seu link de acesso ao ${brand}`,
      intro: (brand: string) => `Aqui está seu link de acesso pessoal para entrar no ${brand}.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `Está lendo em outro dispositivo? No computador em que você pediu este e-mail, digite este código (ele vale por ${lifetime}):`,
      footer: "Se você não tentou entrar, pode ignorar este e-mail: ninguém consegue entrar sem este link ou este código.",
      /** A link our support team sent, which has no code. */
      footerFromSupport: "Se você não pediu um link à nossa equipe de suporte, pode ignorar este e-mail: ninguém consegue entrar sem ele.",
    },
    passwordReset: {
      subject: (brand: string) => `Redefina sua senha do ${brand}`,
      intro: (brand: string) => `Recebemos um pedido para redefinir a senha da sua conta do ${brand}.`,
      action: "Definir nova senha",
      footer: "Se você não fez esse pedido, pode ignorar este e-mail: sua senha continua a mesma.",
    },
    passwordChanged: {
      subject: (brand: string) => `Sua senha do ${brand} foi alterada`,
      intro: (brand: string) => `A senha da sua conta do ${brand} acabou de ser alterada, e todas as outras sessões foram encerradas.`,
    },
    passwordSet: {
      subject: (brand: string) => `Uma senha foi definida para sua conta do ${brand}`,
      intro: (brand: string) =>
        `Uma senha acabou de ser definida para sua conta do ${brand}: agora é possível entrar com ela, além do link enviado por e-mail.`,
    },
    newSignIn: {
      subject: (brand: string) => `Novo login na sua conta do ${brand}`,
      intro: (brand: string) => `Sua conta do ${brand} acabou de ser acessada em um navegador que nunca tinha sido usado com ela.`,
      /** "Chrome on Windows, na rede 203.0.113.7, em 25 de nov. de 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, na rede ${network}, em ${when}.`,
      advice: "Se foi você, não é preciso fazer nada.",
      accountLine: "Sua conta",
      action: "Revisar sua conta",
      notMe: "Não fui eu",
      notMeLine: "Se não foi você, encerre a sessão nesse navegador",
      footer:
        "Se não foi você, clique em “Não fui eu”: isso encerra a sessão desse navegador na sua conta e em todos os apps em que ele entrou, e remove qualquer chave de acesso que ele tenha adicionado.",
    },
    confirmationCode: {
      subject: (brand: string) => `Seu código de confirmação do ${brand}`,
      intro: (brand: string) => `Use este código para confirmar que é você na página da sua conta do ${brand}.`,
      /** Before the six digits: "O código vale por 10 minutos, no navegador em que foi pedido:". */
      code: (lifetime: string) => `O código vale por ${lifetime}, no navegador em que foi pedido:`,
      footer:
        "Se você não pediu este código, alguém pode ter acessado sua conta: encerre as sessões em todos os lugares na página da sua conta e redefina sua senha, se tiver uma.",
    },
    passkeyAdded: {
      subject: (brand: string) => `Uma chave de acesso foi adicionada à sua conta do ${brand}`,
      intro: (brand: string) =>
        `Uma chave de acesso foi adicionada à sua conta do ${brand}. Com ela, é possível entrar sem e-mail e sem senha.`,
      /** "Chrome on Windows, na rede 203.0.113.7, em 25 de nov. de 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, na rede ${network}, em ${when}.`,
      advice: "Se foi você, não é preciso fazer nada.",
      action: "Remover esta chave de acesso",
      footer:
        "Se não foi você, remova a chave agora: isso também encerra a sessão no navegador que a adicionou. Depois, encerre as sessões em todos os lugares na página da sua conta.",
    },
    accountDeletion: {
      subject: (brand: string) => `Confirme a exclusão da sua conta do ${brand}`,
      intro: (brand: string) => `Recebemos um pedido para excluir sua conta do ${brand}.`,
      what: "A exclusão encerra suas sessões em todos os navegadores e apps e apaga seus logins vinculados (como o Google), seus computadores e as configurações deles, suas licenças e todos os dados pessoais que temos sobre você. Uma conta excluída não pode ser restaurada.",
      action: "Excluir minha conta",
      footer: "Se você não fez esse pedido, pode ignorar este e-mail: sua conta continua como está.",
    },
    accountDeleted: {
      subject: (brand: string) => `Sua conta do ${brand} foi excluída`,
      intro: (brand: string) => `Sua conta do ${brand} foi excluída.`,
      what: "Todas as sessões foram encerradas, e seus logins vinculados, seus computadores e as configurações deles, suas licenças e todos os dados pessoais que tínhamos sobre você foram apagados. Uma conta excluída não pode ser restaurada.",
      footer: (brand: string) =>
        `Este é o último e-mail sobre esta conta. Se você não fez esse pedido, entre em contato com o suporte do ${brand}.`,
    },
  },
  /** The messages of refused requests, by their code (server/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "Não foi possível ler a solicitação.",
    UNSUPPORTED_MEDIA_TYPE: "Envie esta solicitação como JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "A solicitação é grande demais.",
    CROSS_SITE_REQUEST: "Esta solicitação veio de outro site e foi recusada.",
    NOT_FOUND: "Não há nada neste endereço.",
    RATE_LIMITED: "Muitas tentativas. Tente novamente mais tarde.",
    RATE_LIMITED_WAIT: (minutes: number) => `Muitas tentativas. Aguarde ${durations.minutes(minutes)} e tente novamente.`,
    LINK_UNKNOWN: "Este link de acesso não é válido. Peça um novo.",
    LINK_USED: "Este link de acesso já foi usado. Peça um novo.",
    LINK_EXPIRED: "Este link de acesso expirou. Peça um novo.",
    CODE_UNKNOWN:
      "Não há nenhum código aguardando neste navegador. Digite o código no computador em que você pediu o e-mail ou peça um novo.",
    CODE_WRONG: "Código incorreto.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      `Código incorreto. ${plural("pt-BR", left, {
        one: "Resta # tentativa.",
        many: "Restam # de tentativas.",
        other: "Restam # tentativas.",
      })}`,
    CODE_EXPIRED: "Este código expirou. Peça um novo e-mail.",
    CODE_SPENT: "Este código não pode mais ser usado. Peça um novo e-mail.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "Código incorreto. Ele não pode mais ser usado: peça um novo e-mail.",
    CAPTCHA_FAILED: "Falha no login",
    CAPTCHA_NOT_CONFIGURED: "Nenhum provedor de captcha está configurado neste servidor.",
    INVALID_CREDENTIALS: "E-mail ou senha inválidos",
    PASSWORD_LOGIN_DISABLED: "O login com senha está desativado. Entre com seu e-mail.",
    NOT_SIGNED_IN: "Entre na sua conta primeiro.",
    ADMIN_ONLY: "Esta página é para administradores. Entre com uma conta de administrador.",
    STAFF_ONLY: "O console de suporte é para a equipe de suporte. Entre com uma conta de suporte ou de administrador.",
    ADMIN_ACTION_ONLY: "Só um administrador pode fazer isso.",
    OWN_ACCOUNT: "Você não pode alterar sua própria conta pelo console de suporte. Peça a outra pessoa da equipe.",
    ACCOUNT_DISABLED: "Esta conta está desativada e não pode ser usada para entrar. Entre em contato com o suporte.",
    PASSWORD_INVALID: "A nova senha não atende às regras.",
    PASSWORD_ALREADY_SET: "Esta conta já tem uma senha. Para alterá-la, use “Esqueceu sua senha?”.",
    CURRENT_PASSWORD_MISSING: "Digite sua senha atual.",
    CURRENT_PASSWORD_WRONG: "Sua senha atual está incorreta.",
    GOOGLE_ONLY_WAY_IN:
      "Além do link enviado por e-mail, você só entra com o Google. Defina uma senha primeiro e depois desvincule o Google.",
    RESET_LINK_UNKNOWN: "Este link de redefinição de senha não é válido. Peça um novo.",
    RESET_LINK_USED: "Este link de redefinição de senha já foi usado. Peça um novo.",
    RESET_LINK_EXPIRED: "Este link de redefinição de senha expirou. Peça um novo.",
    DELETION_LINK_UNKNOWN: "Este link de exclusão de conta não é válido, ou a conta já foi excluída.",
    DELETION_LINK_USED: "Este link de exclusão de conta já foi usado.",
    DELETION_LINK_EXPIRED: "Este link de exclusão de conta expirou. Peça um novo na página da sua conta.",
    PASSKEY_UNKNOWN:
      "Esta chave de acesso não está registrada conosco ou foi removida. Entre com seu e-mail e adicione uma chave de acesso novamente.",
    PASSKEY_REFUSED: "Não foi possível verificar esta chave de acesso. Tente novamente ou entre com seu e-mail.",
    PASSKEY_EXPIRED: "Esta solicitação de chave de acesso expirou ou já foi usada. Tente novamente.",
    RECENT_SIGN_IN_REQUIRED: "Para sua segurança, confirme primeiro que é você.",
    NOT_ME_LINK_UNKNOWN: "Este link não é válido. Abra-o novamente pelo e-mail.",
    NOT_ME_LINK_USED: "A sessão deste navegador já foi encerrada com este link.",
    NOT_ME_LINK_EXPIRED: "Este link expirou. Você ainda pode encerrar a sessão de qualquer navegador na página da sua conta.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "Este link não é válido, ou a chave de acesso já foi removida.",
    PASSKEY_REMOVAL_LINK_USED: "Esta chave de acesso já foi removida.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "Este link expirou. Você ainda pode remover a chave de acesso na página da sua conta.",
    DEVICE_NOT_FOUND: "Este dispositivo não está vinculado à sua conta.",
    BUSY: "Estamos com muita demanda agora. Tente novamente daqui a pouco.",
    INTERNAL: "Algo deu errado do nosso lado. Tente novamente daqui a pouco.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Entrar",
    signInErrorTitle: "Erro no login",
    signInErrorHeading: "Não foi possível concluir o login",
    signInErrorRetry: "Volte para o aplicativo e tente novamente.",
    signInExpiredTitle: "Login expirado",
    signInExpiredHeading: "Este login expirou",
    signInExpiredText: "Volte para o aplicativo e entre novamente.",
    loggingOut: "Saindo da sua conta",
    logoutQuestion: "Deseja sair da sua conta?",
    logOut: "Sair",
  },
};
