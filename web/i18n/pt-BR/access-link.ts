import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Entrar no ${brand}`,
    text: "Você abriu seu link de acesso pessoal. Clique no botão para concluir o login.",
    signIn: "Entrar",
    signingIn: "Entrando...",
    usedTitle: "Este link já foi usado",
    usedText: "Cada link de acesso só pode ser usado uma vez. Peça um novo link e nós o enviaremos por e-mail.",
    expiredTitle: "Este link expirou",
    expiredText: "Por segurança, os links de acesso expiram. Peça um novo link e nós o enviaremos por e-mail.",
    unknownTitle: "Este link não é válido",
    unknownText:
      "O link pode estar incompleto: alguns programas de e-mail quebram links longos. Peça um novo link e nós o enviaremos por e-mail.",
    newLink: "Enviar um novo link",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "Entrar no seu outro dispositivo?",
    approveWhat: (device: string, network: string, when: string) => `${device}, na rede ${network}, pediu para entrar ${when}.`,
    approveForDesktopApp: (brand: string) => `O pedido é para o ${brand} para computador.`,
    approveForWebApp: (brand: string) => `O pedido é para o ${brand} na web.`,
    approveForSite: (brand: string, host: string) => `O pedido é para o ${brand} em ${host}.`,
    approveNotYou: "Se você não acabou de pedir isso em outro dispositivo, não faça nada.",
    approveDigitsLabel: "Os dois dígitos que aparecem no outro dispositivo",
    approveDigitsIncomplete: "Digite os dois dígitos que aparecem no outro dispositivo.",
    approveSubmit: "Entrar no outro dispositivo",
    thisDeviceInstead: "Entrar neste dispositivo em vez disso",
    unknownBrowser: "Um navegador",
    unknownBrowserInSentence: "um navegador desconhecido",
    browserOn: (browser: string, system: string) => `${browser} no ${system}`,
    approvedTitle: "Pronto",
    approved: (device: string) => `Pronto. Você entrou em ${device}.`,
    approvedHere: "Você não entrou neste dispositivo.",
  },
};
