import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Carregando o Maverick Safe",
  },
  maverickGoodbye: {
    title: "Que pena ver você partir",
    uninstalled: "O Maverick Safe foi desinstalado do seu navegador.",
    tryAgain: "Mudou de ideia? Adoraríamos que você desse outra chance ao Maverick Safe.",
    download: "Baixar o Maverick Safe de novo",
    removeExtension: "Como remover a extensão do navegador",
    removeExtensionText: "Se a extensão do Maverick Safe ainda estiver no seu navegador, estas instruções mostram como removê-la.",
  },
};
