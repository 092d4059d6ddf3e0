import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "Cadastre-se hoje!",
    message: "Crie uma conta para começar a usar nossos serviços.",
    createAccount: shared.login.createAccount,
    hideNotifications: "Não quero ver esta nem outras notificações",
    logIn: "Clique aqui para entrar",
    uninstall: "Instruções de desinstalação",
    loading: "Carregando...",
    settingFailed: (statusText: string) => `Não foi possível atualizar as configurações: ${statusText}`,
    thisBrowserOnly: "Sem o ID de dispositivo do software, esta configuração vale apenas para este navegador.",
  },
};
