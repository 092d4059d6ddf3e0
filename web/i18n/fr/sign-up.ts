import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "Inscrivez-vous dès aujourd'hui !",
    message: "Créez un compte pour commencer à utiliser nos services.",
    createAccount: shared.login.createAccount,
    hideNotifications: "Je ne veux plus voir cette notification ni aucune autre",
    logIn: "Cliquez ici pour vous connecter",
    uninstall: "Instructions de désinstallation",
    loading: "Chargement...",
    settingFailed: (statusText: string) => `Impossible de mettre à jour les paramètres : ${statusText}`,
    thisBrowserOnly: "Sans l'identifiant d'appareil du logiciel, ce paramètre ne s'applique qu'à ce navigateur.",
  },
};
