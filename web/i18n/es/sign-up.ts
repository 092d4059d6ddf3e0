import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "¡Regístrate hoy!",
    message: "Crea una cuenta para empezar a usar nuestros servicios.",
    createAccount: shared.login.createAccount,
    hideNotifications: "No quiero ver esta notificación ni ninguna otra en el futuro",
    logIn: "Haz clic aquí para iniciar sesión",
    uninstall: "Instrucciones de desinstalación",
    loading: "Cargando...",
    settingFailed: (statusText: string) => `No se ha podido actualizar la configuración: ${statusText}`,
    thisBrowserOnly: "Sin el ID de dispositivo del software, este ajuste solo se aplica a este navegador.",
  },
};
