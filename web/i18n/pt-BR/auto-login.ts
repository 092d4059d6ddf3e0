import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Entrando no ${brand}`,
    hint: "O software deve abrir em instantes. Você já pode fechar esta janela.",
    nextStep: {
      permission: (brand: string) => `Procure o ${brand} neste computador e escolha Permitir quando o navegador perguntar.`,
      denied: "Permita que este site acesse sua rede local e recarregue esta página.",
      notFound: (brand: string) => `Instale ou abra o ${brand} neste computador e tente novamente.`,
      checkFailed: (brand: string) => `Abra o ${brand} neste computador e tente novamente.`,
    },
  },
  agent: {
    looking: (brand: string) => `Procurando o ${brand} neste computador...`,
    permissionWhy: (brand: string) =>
      `Para abrir o ${brand}, esta página precisa se comunicar com o software neste computador. O navegador vai perguntar se você permite que este site acesse dispositivos na sua rede local: escolha Permitir.`,
    findButton: (brand: string) => `Encontrar o ${brand} no computador`,
    denied: (brand: string) =>
      `O navegador impediu esta página de se comunicar com o ${brand} neste computador. Nas configurações do site no navegador, permita que este site acesse sua rede local e recarregue esta página, ou abra o ${brand} no seu computador.`,
    notFound: (brand: string) =>
      `Não encontramos o ${brand} neste computador. Se ele não estiver instalado, baixe-o abaixo; se estiver, abra-o no seu computador.`,
    download: (brand: string) => `Baixar o ${brand}`,
    badUuid:
      "Esta página foi aberta sem um ID de dispositivo válido, por isso não consegue se comunicar com o software neste computador. Abra-a novamente pelo software.",
    checkFailed: (brand: string) => `O ${brand} foi encontrado, mas não respondeu. Abra-o no seu computador.`,
    asked: (brand: string) => `O ${brand} já deve estar aberto neste computador.`,
    openAgain: "Abrir novamente",
    tryAgain: "Tentar novamente",
    signInInstead: "Entrar com seu e-mail",
  },
};
