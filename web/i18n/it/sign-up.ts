import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "Registrati oggi!",
    message: "Crea un account per iniziare a usare i nostri servizi.",
    createAccount: shared.login.createAccount,
    hideNotifications: "Non voglio vedere questa notifica né altre in futuro",
    logIn: "Fai clic qui per accedere",
    uninstall: "Istruzioni per la disinstallazione",
    loading: "Caricamento...",
    settingFailed: (statusText: string) => `Impossibile aggiornare le impostazioni: ${statusText}`,
    thisBrowserOnly: "Senza l'ID dispositivo del software, questa impostazione vale solo per questo browser.",
  },
};
