import { type Catalogue, plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/account.ts";
import { strings as shared } from "./shared.ts";

/**
 * A browser or app after "de", with the article it takes: "deste navegador", "de um navegador",
 * "do Chrome on Windows", "do DS One para computador", "do app abc".
 */
function ofThe(name: string): string {
  if (/^este /i.test(name)) return `d${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  if (/^um /i.test(name)) return `de ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  if (/^app /i.test(name)) return `do app ${name.slice(4)}`;
  return `do ${name}`;
}

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  account: {
    title: "Sua conta",
    loading: "Carregando sua conta...",
    loadFailed: "Não foi possível mostrar sua conta. Tente novamente.",
    signOut: "Sair",
    who: {
      heading: "Seus dados",
      email: "E-mail",
      name: "Nome",
      noName: "Nenhum nome informado",
      edit: "Editar",
      editName: "Editar nome",
      save: "Salvar",
      cancel: "Cancelar",
      saved: "Seu nome foi salvo.",
      licenses: "Licenças",
      noLicenses: "Ainda não há licenças nesta conta.",
      licenseState: { Active: "Ativa", Trial: "Teste", Expired: "Expirada" } as Record<string, string>,
      licenseSince: {
        Active: (date: string) => `Ativa desde ${date}`,
        Trial: (date: string) => `Em teste desde ${date}`,
        Expired: (date: string) => `Expirada, obtida em ${date}`,
      } as Record<string, (date: string) => string>,
      changeEmail: "Alterar",
      changeEmailName: "Alterar e-mail",
      newEmail: "Novo e-mail",
      sendConfirmation: "Enviar confirmação",
      changeText:
        "Enviaremos ao novo endereço um link para confirmá-lo e avisaremos seu endereço atual. Nada muda até que o novo endereço seja confirmado.",
      sent: (newEmail: string, email: string) =>
        `Enviamos um link e um código para ${newEmail}. Abra o link ou digite o código aqui. Até lá, seu e-mail continua sendo ${email}.`,
      code: "Código do e-mail",
      confirmCode: "Confirmar",
      changed: (email: string) => `Seu e-mail agora é ${email}. As sessões em todos os outros navegadores e apps foram encerradas.`,
      undelivered: {
        what: (date: string) =>
          `Não foi possível entregar nosso e-mail para este endereço em ${date}, então paramos de enviar e-mails para ele.`,
        reasons: {
          no_mailbox:
            "O servidor de e-mail do destinatário informou que essa caixa de correio não existe. Verifique se o endereço foi digitado corretamente e, se estiver errado, altere-o.",
          mailbox_full:
            "O servidor de e-mail do destinatário informou que a caixa de correio está cheia. Libere espaço nela e tente novamente.",
          blocked:
            "O servidor de e-mail do destinatário bloqueou nosso e-mail, talvez como spam. Seu provedor de e-mail ou o filtro da sua empresa pode estar recusando a mensagem.",
          other: "O servidor de e-mail do destinatário não aceitou a mensagem.",
        },
        reference: (reference: string) => `Se entrar em contato com nossa equipe de suporte, informe esta referência: ${reference}`,
        retry: "Tentar meu e-mail de novo",
        retried: "Voltaremos a enviar e-mails para este endereço. Se ainda não for possível entregá-los, esta página vai avisar.",
      },
    },
    methods: {
      heading: "Como você entra",
      link: "Link enviado por e-mail",
      linkText: "Enviamos por e-mail um link pessoal ou um código. Isso sempre funciona.",
      password: "Senha",
      passwordSet: "Há uma senha definida.",
      passwordNotSet: "Nenhuma senha definida.",
      changePassword: "Alterar senha",
      setPassword: "Definir senha",
      breached:
        "Sua senha está em uma lista de senhas vazadas de outros sites, por isso não pode mais ser usada para entrar. Defina uma nova.",
      currentPassword: "Senha atual",
      savePassword: "Salvar senha",
      passwordSaved: "Sua senha foi salva. As sessões em todos os outros navegadores e apps foram encerradas.",
      forgotCurrent: "Esqueceu? Receba por e-mail um link para definir uma nova",
      resetSent: (email: string) => `Enviamos um link para ${email}. Abra-o para definir uma nova senha.`,
      google: "Google",
      googleNotLinked: "Não vinculada. Para vincular, use “Continuar com o Google” em uma tela de login.",
      googleLinked: (email: string) => `Vinculada a ${email}`,
      unlink: "Desvincular",
      unlinkGoogle: (email: string) => `Desvincular a Conta do Google ${email}`,
      unlinked: "A Conta do Google foi desvinculada.",
      microsoft: "Microsoft",
      microsoftNotLinked: "Não vinculada. Para vincular, use “Continuar com a Microsoft” em uma tela de login.",
      microsoftLinked: (email: string) => `Vinculada a ${email}`,
      unlinkMicrosoft: (email: string) => `Desvincular a Conta Microsoft ${email}`,
      unlinkedMicrosoft: "A Conta Microsoft foi desvinculada.",
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `Em ${date}, o Google nos informou que outra pessoa pode ter assumido sua Conta do Google, então o login com o Google está pausado. Proteja sua Conta do Google com o Google e depois entre com sua senha ou uma chave de acesso para usar o Google de novo, ou fale com nossa equipe de suporte. Não vale uma senha ou chave de acesso adicionada no mês anterior.`,
      googleChangeAsked: (date: string) =>
        `Em ${date}, o Google pediu que você mudasse a senha da sua Conta do Google. Até entrar com o Google de novo, verifique a segurança da sua Conta do Google com o Google.`,
    },
    passkeys: {
      heading: "Chaves de acesso",
      text: "Com uma chave de acesso, você entra usando sua impressão digital, seu rosto ou o bloqueio de tela, sem esperar por um e-mail.",
      none: "Nenhuma chave de acesso ainda.",
      add: "Adicionar chave de acesso",
      added: "Sua chave de acesso foi adicionada.",
      thisBrowser: "Criada neste navegador",
      synced: "sincronizada",
      created: (date: string) => `Adicionada em ${date}`,
      lastUsed: (date: string) => `último uso em ${date}`,
      neverUsed: "ainda não usada",
      rename: "Renomear",
      renameNamed: (name: string) => `Renomear a chave de acesso ${name}`,
      nameLabel: "Nome da chave de acesso",
      save: "Salvar",
      cancel: "Cancelar",
      renamed: "A chave de acesso foi renomeada.",
      remove: "Remover",
      removeNamed: (name: string) => `Remover a chave de acesso ${name}`,
      removed: (name: string) => `A chave de acesso ${name} foi removida. Você ainda pode entrar com um link enviado por e-mail.`,
    },
    confirm: {
      heading: "Confirme que é você",
      text: "Para sua segurança, confirme que é você antes de adicionar uma chave de acesso.",
      /** The same, before a first password and before an email change. */
      textPassword: "Para sua segurança, confirme que é você antes de definir uma senha.",
      textEmail: "Para sua segurança, confirme que é você antes de alterar seu e-mail.",
      password: "Senha atual",
      confirm: "Confirmar",
      emailCode: "Receber um código por e-mail",
      emailCodeInstead: "Prefiro receber um código por e-mail",
      codeSent: (email: string) => `Enviamos um código de 6 dígitos para ${email}.`,
      code: "Código de 6 dígitos",
      cancel: "Cancelar",
    },
    removePasskeys: {
      legend: "Remover também estas chaves de acesso",
      hint: "As chaves de acesso adicionadas nos últimos 30 dias estão marcadas: se outra pessoa acessou sua conta, ela pode ter adicionado uma.",
      passkey: (name: string, added: string) => `${name}, adicionada em ${added}`,
    },
    notMe: {
      title: "Não foi você?",
      checking: "Verificando o link...",
      what: (browser: string, network: string, when: string) => `${browser}, na rede ${network}, entrou na sua conta em ${when}.`,
      effect:
        "Ao encerrar a sessão dele, ela também é encerrada em todos os apps em que ele entrou, e qualquer chave de acesso que ele adicionou é removida.",
      signOut: "Sair desse navegador",
      doneTitle: "A sessão desse navegador foi encerrada",
      done: "A sessão foi encerrada na sua conta e em todos os apps em que ele entrou, e qualquer chave de acesso que ele adicionou foi removida.",
      review: "Agora, revise sua conta: podemos enviar um link de acesso para seu e-mail.",
      emailLink: "Receber um link de acesso por e-mail",
      linkSent: (email: string) => `Enviamos um link de acesso para ${email}.`,
      problemTitle: "Este link não pode ser usado",
    },
    emailChange: {
      checking: "Verificando o link...",
      problemTitle: "Este link não pode ser usado",
      confirmTitle: "Confirme seu novo e-mail",
      confirmWhat: (email: string, newEmail: string) => `Esta ação altera o e-mail da sua conta de ${email} para ${newEmail}.`,
      confirmEffect: "A partir daí, você entra com o novo endereço. As sessões em outros navegadores e apps são encerradas.",
      confirm: "Confirmar novo e-mail",
      confirmedTitle: "Seu e-mail foi alterado",
      confirmed: (newEmail: string) => `Seu e-mail agora é ${newEmail}. Use-o para entrar daqui em diante.`,
      cancelTitle: "Cancelar esta alteração de e-mail?",
      cancelWhat: (newEmail: string, when: string) => `Em ${when}, alguém pediu para alterar o e-mail da sua conta para ${newEmail}.`,
      cancelEffect: "Ao cancelar, seu e-mail continua como está, e a sessão no navegador que pediu a alteração é encerrada.",
      cancel: "Cancelar a alteração",
      cancelledTitle: "A alteração foi cancelada",
      cancelled: "Seu e-mail continua como está, e a sessão no navegador que pediu a alteração foi encerrada.",
      undoTitle: "Desfazer a alteração de e-mail?",
      undoWhat: (email: string, newEmail: string) => `Esta ação faz ${email} voltar a ser o e-mail da sua conta, no lugar de ${newEmail}.`,
      undoEffect:
        "As sessões em todos os navegadores e apps são encerradas, e as chaves de acesso, senhas e vínculos com o Google ou a Microsoft adicionados desde o pedido da alteração são removidos.",
      undo: "Restaurar meu e-mail",
      undoneTitle: "Seu e-mail foi restaurado",
      undone: (email: string) =>
        `${email} voltou a ser o e-mail da sua conta, e as sessões em todos os navegadores e apps foram encerradas.`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "Avisar que não foi você?",
      disputeWhat: (email: string, when: string) =>
        `Em ${when}, o e-mail da sua conta voltou a ser ${email} pelo link para desfazer enviado a esse endereço.`,
      disputeEffect:
        "Avisar não muda nada na conta e não conecta ninguém: nossa equipe de suporte analisa o caso e confere quem tem a conta antes de mudar qualquer coisa.",
      dispute: "Não fui eu",
      disputedTitle: "Nossa equipe de suporte foi avisada",
      disputed: "Nossa equipe de suporte foi avisada. O botão não conectou ninguém, e nada foi alterado na conta.",
      disputedNext: (brand: string) =>
        `Para falar com a equipe, envie uma solicitação de suporte pelo ${brand} no seu computador, informando este endereço e aquele ao qual sua conta voltou.`,
    },
    passkeyRemoval: {
      title: "Remover esta chave de acesso?",
      checking: "Verificando o link...",
      what: (name: string, browser: string, when: string) => `A chave de acesso ${name} foi adicionada no ${browser} em ${when}.`,
      effect: "Ao removê-la, a sessão no navegador que a adicionou também é encerrada.",
      remove: "Remover chave de acesso",
      removedTitle: "Chave de acesso removida",
      removed: "A chave de acesso foi removida, e a sessão no navegador que a adicionou foi encerrada.",
      next: "Se não foi você que a adicionou, revise sua conta agora: encerre as sessões em todos os lugares e altere sua senha, se tiver uma.",
      account: "Ir para sua conta",
      problemTitle: "Este link não pode ser usado",
    },
    places: {
      heading: "Onde sua sessão está ativa",
      browsers: "Navegadores",
      apps: "Apps",
      thisBrowser: "Este navegador",
      unknownBrowser: "Um navegador",
      browserOn: (browser: string, system: string) => `${browser} no ${system}`,
      near: (network: string) => `na rede ${network}`,
      since: (date: string) => `Login em ${date}`,
      lastUsed: (date: string) => `último uso em ${date}`,
      noApps: "Nenhum app com sessão ativa.",
      allBrowsers: (count: number) =>
        plural("pt-BR", count, {
          one: "Mostrar # navegador",
          many: "Mostrar todos os # de navegadores",
          other: "Mostrar todos os # navegadores",
        }),
      desktopApp: (brand: string) => `${brand} para computador`,
      webApp: (brand: string) => `${brand} na web`,
      app: (clientId: string) => `App ${clientId}`,
      appSince: (date: string) => `Desde ${date}`,
      signOut: "Sair",
      signOutNamed: (name: string) => `Sair ${ofThe(name)}`,
      signOutEverywhereElse: "Encerrar outras sessões",
      signedOut: (name: string) => `A sessão ${ofThe(name)} foi encerrada.`,
      signedOutEverywhereElse: "As sessões em todos os outros navegadores e apps foram encerradas.",
      confirmSignOutEverywhereElse: "Encerrar outras sessões agora",
    },
    activity: {
      heading: "Atividade recente",
      intro: "Os últimos 30 dias, da mais recente para a mais antiga.",
      none: "Nenhuma atividade nos últimos 30 dias.",
      more: (older: number) =>
        plural("pt-BR", older, {
          one: "Mostrar # registro anterior",
          many: "Mostrar registros anteriores (#)",
          other: "Mostrar registros anteriores (#)",
        }),
      /** How each way in reads in a sentence: "Login realizado com um link enviado por e-mail". */
      methods: {
        link: "com um link enviado por e-mail",
        code: "com o código enviado por e-mail",
        password: "com sua senha",
        google: "com o Google",
        microsoft: "com a Microsoft",
        passkey: "com uma chave de acesso",
      } as Record<string, string>,
      /** An app inside a sentence, after "no"/"do": "Login realizado no DS One para computador". */
      desktopApp: (brand: string) => `${brand} para computador`,
      webApp: (brand: string) => `${brand} na web`,
      unknownApp: (clientId: string) => `app ${clientId}`,
      unknownBrowser: "navegador desconhecido",
      /**
       * What happened, as the start of a sentence: short noun phrases, as security pages in
       * Brazilian Portuguese write them ("Senha alterada"), so nothing marks the customer's gender.
       */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) => `Login realizado${app ? ` no ${app}` : ""}${how ? ` ${how}` : ""}`,
        signInRefused: (how: string | undefined) => `Login${how ? ` ${how}` : ""} recusado`,
        wrongPasswordRefused: "Login recusado (senha incorreta)",
        accessLinkRequested: "Link de acesso enviado por e-mail",
        passwordResetRequested: "Link de redefinição de senha enviado por e-mail",
        passwordSet: "Senha definida",
        passwordChanged: "Senha alterada",
        passwordChangeRefused: "Alteração de senha recusada (senha atual incorreta)",
        googleLinked: "Conta do Google vinculada",
        googleUnlinked: "Conta do Google desvinculada",
        microsoftLinked: "Conta Microsoft vinculada",
        microsoftUnlinked: "Conta Microsoft desvinculada",
        signedOut: "Sessão encerrada em um navegador",
        signedOutEverywhere: "Sessões encerradas em todos os navegadores e apps",
        appSignedOut: (app: string | undefined) => (app ? `Sessão encerrada no ${app}` : "Sessão encerrada em um app"),
        newBrowser: "Login realizado em um navegador novo",
        licenseChanged: "Licença alterada",
        deviceLinked: "Computador vinculado",
        nameChanged: "Nome alterado",
        accountCreated: "Conta criada",
        dataExported: "Dados da conta baixados",
        accountDeletionRequested: "Exclusão da conta solicitada",
        passkeyRegistered: "Chave de acesso adicionada",
        passkeyRenamed: "Chave de acesso renomeada",
        passkeyRemoved: "Chave de acesso removida",
        passkeyRefused: "Login com chave de acesso recusado",
        identityConfirmed: "Identidade confirmada",
        signInReported: "Login informado como não sendo seu, e sessão encerrada no navegador",
        emailChangeRequested: "Alteração de e-mail solicitada",
        emailChanged: "E-mail alterado",
        emailChangeCancelled: "Alteração de e-mail cancelada",
        emailChangeUndone: "Alteração de e-mail desfeita, e sessões encerradas em todos os navegadores e apps",
        emailChangeUndoDisputed: "Volta ao e-mail anterior informada como não sendo dele pelo endereço substituído",
        supportSearched: "Conta encontrada em uma pesquisa",
        supportViewed: "Conta consultada",
        rateLimitsCleared: "Limites de tentativas de login removidos",
        accountDisabled: "Conta desativada",
        accountEnabled: "Conta reativada",
        roleChanged: "Função da conta alterada",
        mailCleared: "Envio de e-mails para seu endereço retomado",
        googleSessionsRevoked:
          "O Google encerrou as sessões da sua Conta do Google, então a sessão foi encerrada em todos os navegadores e apps",
        googleTokensRevoked:
          "O Google informou que nosso acesso à sua Conta do Google foi revogado, então a sessão foi encerrada em todos os navegadores e apps",
        googleAccountHijacked:
          "O Google informou que sua Conta do Google pode ter sido invadida: a sessão foi encerrada em todos os navegadores e apps e o login com o Google foi pausado",
        googleAccountDisabled: "O Google informou que sua Conta do Google foi desativada",
        googleAccountEnabled: "O Google informou que sua Conta do Google foi reativada",
        googleCredentialChangeRequired: "O Google pediu que você mudasse a senha da sua Conta do Google",
        googleHoldCleared: "Login com o Google retomado",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence: "Login realizado com um link enviado por e-mail, no Chrome on
       * Windows, na rede 203.0.113.0 (navegador novo nesta conta)."
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) =>
        `${what}${where.bySupport ? " pela nossa equipe de suporte" : where.device ? `, no ${where.device}` : ""}${
          where.network && !where.bySupport ? `, na rede ${where.network}` : ""
        }${where.newBrowser ? " (navegador novo nesta conta)" : ""}.`,
    },
    data: {
      heading: "Seus dados",
      text: "Baixe uma cópia de tudo o que guardamos sobre sua conta, em um arquivo JSON.",
      download: "Baixar meus dados",
    },
    delete: {
      heading: "Excluir sua conta",
      text: "Ao excluir sua conta, suas sessões são encerradas em todos os lugares, as contas do Google e da Microsoft e seus dispositivos são desvinculados, suas licenças (inclusive as pagas) são removidas e seus dados e sua atividade são apagados. Não é possível desfazer essa ação.",
      request: "Excluir minha conta",
      confirmText: "Enviaremos um link por e-mail para você confirmar. Nada será excluído até você abri-lo.",
      confirm: "Enviar o link por e-mail",
      cancel: "Cancelar",
      sent: (email: string) => `Enviamos um link para ${email}. Abra-o para confirmar: ele só funciona uma vez e expira em breve.`,
    },
  },
  deleteAccount: {
    title: "Excluir sua conta",
    checking: "Verificando seu link...",
    text: (email: string) => `Esta ação exclui a conta ${email}:`,
    effects: [
      "as sessões em todos os navegadores, computadores e apps conectados a ela são encerradas;",
      "a senha, os vínculos com o Google e a Microsoft, os dispositivos e as configurações dela são removidos;",
      "as licenças dela, inclusive as pagas, são encerradas;",
      "os dados e a atividade dela são apagados.",
    ],
    cannotUndo: "Não é possível desfazer essa ação.",
    confirm: "Excluir minha conta",
    keep: "Manter minha conta",
    deletedTitle: "Sua conta foi excluída",
    deletedText: "Excluímos sua conta e enviamos um último e-mail para confirmar. Agradecemos a sua confiança.",
    keptTitle: "Sua conta foi mantida",
    keptText: "Nada foi excluído, e o link do e-mail não funciona mais.",
    refusedTitle: "Este link não pode ser usado",
    incomplete: "Este link está incompleto. Abra-o novamente a partir do e-mail ou peça um novo na página da sua conta.",
    toBrand: (name: string) => `Ir para o ${name}`,
    failed: "Não foi possível excluir sua conta. Tente novamente.",
    checkFailed: "Não foi possível verificar seu link agora. Tente novamente.",
    retry: "Tentar novamente",
    toAccount: "Ir para minha conta",
  },
};
