import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Inicia sesión en ${brand}`,
    text: "Este es tu enlace de acceso personal. Para terminar de iniciar sesión, usa el botón de abajo.",
    signIn: "Iniciar sesión",
    signingIn: "Iniciando sesión...",
    usedTitle: "Este enlace ya se ha usado",
    usedText: "Cada enlace de acceso sirve para iniciar sesión una sola vez. Pide un enlace nuevo y te lo enviaremos por correo.",
    expiredTitle: "Este enlace ha caducado",
    expiredText: "Por tu seguridad, los enlaces de acceso caducan. Pide un enlace nuevo y te lo enviaremos por correo.",
    unknownTitle: "Este enlace no es válido",
    unknownText:
      "Puede que el enlace esté incompleto: algunos programas de correo cortan los enlaces largos. Pide un enlace nuevo y te lo enviaremos por correo.",
    newLink: "Enviarme un enlace nuevo",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "¿Iniciar sesión en tu otro dispositivo?",
    approveWhat: (device: string, network: string, when: string) => `${device}, desde la red ${network}, ha pedido iniciar sesión ${when}.`,
    approveForDesktopApp: (brand: string) => `Es un inicio de sesión en ${brand} para escritorio.`,
    approveForWebApp: (brand: string) => `Es un inicio de sesión en ${brand} en la web.`,
    approveForSite: (brand: string, host: string) => `Es un inicio de sesión en ${brand}, en ${host}.`,
    approveNotYou: "Si no acabas de pedirlo en otro dispositivo, no hagas nada.",
    approveDigitsLabel: "Los dos dígitos que muestra el otro dispositivo",
    approveDigitsIncomplete: "Escribe los dos dígitos que muestra el otro dispositivo.",
    approveSubmit: "Iniciar sesión allí",
    thisDeviceInstead: "Iniciar sesión en este dispositivo",
    unknownBrowser: "Un navegador",
    unknownBrowserInSentence: "un navegador desconocido",
    browserOn: (browser: string, system: string) => `${browser} en ${system}`,
    approvedTitle: "Listo",
    approved: (device: string) => `Listo. Ya has iniciado sesión en ${device}.`,
    approvedHere: "No has iniciado sesión en este dispositivo.",
  },
};
