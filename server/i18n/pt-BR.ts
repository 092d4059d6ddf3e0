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
    unknownBrowser: "Um navegador desconhecido",
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
      /** "Chrome on Windows, na rede 203.0.113.0, em 25 de nov. de 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, na rede ${network}, em ${when}.`,
      advice: "Se foi você, não é preciso fazer nada.",
      accountLine: "Sua conta",
      action: "Revisar sua conta",
      notMe: "Não fui eu",
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
      /** "Chrome on Windows, na rede 203.0.113.0, em 25 de nov. de 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, na rede ${network}, em ${when}.`,
      kept: (provider: string) => `Ela foi salva em ${provider}.`,
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
    googleUnlinked: {
      subject: (brand: string) => `O Google foi desvinculado da sua conta do ${brand}`,
      intro: (brand: string) =>
        `O login com o Google foi removido da sua conta do ${brand}: essa Conta do Google não pode mais ser usada para entrar nela.`,
      footer:
        "Se não foi você, entre com um link enviado por e-mail e revise sua conta: encerre as sessões em todos os lugares e altere sua senha, se tiver uma.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `O Microsoft foi desvinculado da sua conta do ${brand}`,
      intro: (brand: string) =>
        `O login com o Microsoft foi removido da sua conta do ${brand}: essa Conta do Microsoft não pode mais ser usada para entrar nela.`,
      footer:
        "Se não foi você, entre com um link enviado por e-mail e revise sua conta: encerre as sessões em todos os lugares e altere sua senha, se tiver uma.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `O login com o Google na sua conta ${brand} está pausado`,
      intro: (brand: string) =>
        `O Google nos informou que outra pessoa pode ter assumido a conta do Google que você usa para entrar na ${brand}. Para proteger sua conta ${brand}, encerramos a sessão em todos os navegadores e apps e pausamos o login com o Google.`,
      footer:
        "Entre com sua senha ou uma chave de acesso para usar o Google de novo, ou fale com nossa equipe de suporte. Antes disso, proteja sua conta do Google com o Google. Não vale uma senha ou chave de acesso adicionada no mês anterior.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Confirme seu novo e-mail do ${brand}`,
      intro: (brand: string, email: string) => `Confirme ${email} como o novo e-mail da sua conta do ${brand}.`,
      what: "Até você confirmar, nada muda: a conta continua com o e-mail atual.",
      action: "Confirmar novo e-mail",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `Ou digite este código na página da sua conta, no navegador em que a alteração foi pedida. Ele vale por ${lifetime}:`,
      footer: "Se você não fez esse pedido, ignore este e-mail: nada muda a menos que este endereço confirme.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Alguém pediu para alterar o e-mail da sua conta do ${brand}`,
      intro: (brand: string, masked: string) => `Alguém pediu para alterar o e-mail da sua conta do ${brand} para ${masked}.`,
      what: "Nada muda a menos que o novo endereço confirme. Se foi você, não é preciso fazer nada.",
      action: "Não fui eu",
      footer:
        "Se não foi você, clique em “Não fui eu”: isso cancela a alteração e encerra a sessão no navegador que a pediu. Depois, encerre as sessões em todos os lugares na página da sua conta.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Alguém tentou usar este e-mail em uma conta do ${brand}`,
      intro: (brand: string) =>
        `Alguém pediu para alterar o e-mail de uma conta do ${brand} para este endereço, mas este endereço já tem uma conta do ${brand}.`,
      what: "Nada foi alterado. Se foi você, entre diretamente com este endereço: um endereço só pode pertencer a uma conta.",
      footer: "Se não foi você, pode ignorar este e-mail.",
    },
    noAccount: {
      subject: (brand: string) => `Nenhuma conta do ${brand} usa este e-mail`,
      intro: (brand: string) =>
        `Alguém, talvez você, pediu para entrar no ${brand} com este endereço de e-mail, mas nenhuma conta do ${brand} usa este endereço.`,
      what: "Se você queria entrar, tente o endereço de e-mail que a sua conta usa.",
      create: "Para criar uma conta com este endereço:",
      action: "Criar sua conta",
      footer: "Se não foi você, pode ignorar este e-mail: nada foi criado nem alterado.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Seu e-mail do ${brand} foi alterado`,
      intro: (brand: string, masked: string) => `O e-mail da sua conta do ${brand} foi alterado para ${masked}.`,
      what: (lifetime: string) =>
        `Se não foi você, desfaça a alteração em até ${lifetime}: seu e-mail volta a ser este endereço, a sessão é encerrada em todos os navegadores e apps, e as chaves de acesso adicionadas desde então são removidas.`,
      action: "Desfazer esta alteração",
      footer: "Se foi você, não é preciso fazer nada.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Seu e-mail do ${brand} voltou a ser o anterior`,
      intro: (brand: string, masked: string) =>
        `O e-mail da sua conta do ${brand} voltou a ser ${masked} pelo link para desfazer enviado a esse endereço, e a sessão foi encerrada em todos os navegadores e apps.`,
      what: "Se você não esperava por isso, avise-nos pelo botão abaixo: nossa equipe de suporte vai analisar. Ele não muda nada na sua conta e não conecta ninguém.",
      action: "Não fui eu",
      footer: "Se você sabe por que ele voltou ao anterior, não é preciso fazer nada.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
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
    CHALLENGE_REQUIRED: "Confirme que você é uma pessoa para continuar.",
    CHALLENGE_FAILED: "Essa verificação não foi concluída. Tente novamente.",
    CHALLENGE_UNAVAILABLE:
      "No momento, não conseguimos verificar que você é uma pessoa. Tente novamente em um minuto ou entre de outra forma.",
    INVALID_CREDENTIALS: "E-mail ou senha inválidos",
    PASSWORD_LOGIN_DISABLED: "O login com senha está desativado. Entre com seu e-mail.",
    NOT_SIGNED_IN: "Entre na sua conta primeiro.",
    ADMIN_ONLY: "Esta página é para administradores. Entre com uma conta de administrador.",
    STAFF_ONLY: "O console de suporte é para a equipe de suporte. Entre com uma conta de suporte ou de administrador.",
    ADMIN_ACTION_ONLY: "Só um administrador pode fazer isso.",
    OWN_ACCOUNT: "Você não pode alterar sua própria conta pelo console de suporte. Peça a outra pessoa da equipe.",
    ACCOUNT_DISABLED: "Esta conta está desativada e não pode ser usada para entrar. Entre em contato com o suporte.",
    PASSWORD_INVALID: "A nova senha não atende às regras.",
    PASSWORD_BREACHED:
      "Esta senha está em uma lista de senhas vazadas de outros sites, por isso não pode mais ser usada para entrar. Enviamos um link de acesso para seu e-mail: abra-o e defina uma nova senha.",
    PASSWORD_ALREADY_SET: "Esta conta já tem uma senha. Para alterá-la, use “Esqueceu sua senha?”.",
    CURRENT_PASSWORD_MISSING: "Digite sua senha atual.",
    CURRENT_PASSWORD_WRONG: "Sua senha atual está incorreta.",
    GOOGLE_ONLY_WAY_IN:
      "Além do link enviado por e-mail, você só entra com o Google. Defina uma senha primeiro e depois desvincule o Google.",
    MICROSOFT_ONLY_WAY_IN:
      "Além do link enviado por e-mail, você só entra com o Microsoft. Defina uma senha primeiro e depois desvincule o Microsoft.",
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
    PASSWORD_SET_IN_THIS_SESSION:
      "Uma senha definida depois que você entrou aqui não pode confirmar que é você. Receba um código por e-mail.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "Para sua segurança, entre novamente e depois defina sua senha.",
    NOT_ME_LINK_UNKNOWN: "Este link não é válido. Abra-o novamente pelo e-mail.",
    NOT_ME_LINK_USED: "A sessão deste navegador já foi encerrada com este link.",
    NOT_ME_LINK_EXPIRED: "Este link expirou. Você ainda pode encerrar a sessão de qualquer navegador na página da sua conta.",
    SAME_EMAIL: "Este já é seu e-mail.",
    APPROVAL_UNAVAILABLE: "Este login não pode mais ser aprovado daqui. Entre neste dispositivo em vez disso, ou peça um novo link.",
    APPROVAL_SAME_BROWSER: "Este é o navegador que pediu o link: entre aqui usando o botão.",
    EMAIL_UNDELIVERABLE:
      "Nosso e-mail para este endereço não pôde ser entregue, então não enviamos outro. Use outro e-mail ou entre de outra forma.",
    APPROVAL_WRONG_NUMBER: "Esse número não correspondia, então nenhum login foi feito. Peça um novo link no seu outro dispositivo.",
    EMAIL_CHANGE_LINK_UNKNOWN: "Este link não é válido, ou a conta a que ele se refere não existe mais. Abra-o novamente pelo e-mail.",
    EMAIL_CHANGE_LINK_USED: "Esta alteração de e-mail já foi confirmada.",
    EMAIL_CHANGE_LINK_EXPIRED: "Este link expirou. Peça a alteração novamente na página da sua conta.",
    EMAIL_CHANGE_CANCELLED: "Esta alteração de e-mail foi cancelada. Nada foi alterado.",
    EMAIL_CHANGE_REPLACED: "Um pedido mais recente substituiu este. Use o link do e-mail mais recente.",
    EMAIL_CHANGE_UNDONE: "Esta alteração de e-mail foi desfeita pelo endereço antigo.",
    EMAIL_CHANGE_SUPERSEDED: "Uma alteração de e-mail anterior foi desfeita, por isso este link não funciona mais.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "Esta alteração já foi cancelada.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "Este link expirou, e a alteração a que ele se referia não pode mais ser confirmada.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "O novo endereço já confirmou esta alteração. Use o link para desfazê-la no e-mail “Seu e-mail foi alterado”, enviado para este endereço.",
    EMAIL_UNDO_LINK_USED: "Esta alteração já foi desfeita.",
    EMAIL_UNDO_LINK_EXPIRED: "Este link para desfazer a alteração expirou. Entre em contato com o suporte para recuperar sua conta.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "Você já nos avisou sobre esta alteração. Nossa equipe de suporte está cuidando disso.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED: "Este link expirou. Se não foi você quem desfez a alteração, entre em contato com o suporte.",
    EMAIL_TAKEN_NOW: "Este endereço agora pertence a outra conta, então a alteração não pode ser feita.",
    OLD_EMAIL_TAKEN: "Seu endereço antigo agora pertence a outra conta, então não pode ser restaurado. Entre em contato com o suporte.",
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
