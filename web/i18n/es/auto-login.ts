import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Iniciando sesión en ${brand}`,
    hint: "El software debería abrirse en un momento; ya puedes cerrar esta ventana",
    nextStep: {
      permission: (brand: string) => `Busca ${brand} en este equipo y elige Permitir cuando tu navegador te lo pregunte.`,
      denied: "Permite que este sitio acceda a tu red local y vuelve a cargar esta página.",
      notFound: (brand: string) => `Instala o abre ${brand} en este equipo y vuelve a intentarlo.`,
      checkFailed: (brand: string) => `Abre ${brand} en este equipo y vuelve a intentarlo.`,
    },
  },
  agent: {
    looking: (brand: string) => `Buscando ${brand} en este equipo...`,
    permissionWhy: (brand: string) =>
      `Para abrir ${brand}, esta página necesita comunicarse con el software de este equipo. Tu navegador te preguntará si quieres permitir que este sitio acceda a los dispositivos de tu red local: elige Permitir.`,
    findButton: (brand: string) => `Buscar ${brand} en este equipo`,
    denied: (brand: string) =>
      `Tu navegador ha impedido que esta página se comunique con ${brand} en este equipo. Permite que este sitio acceda a tu red local en la configuración del sitio del navegador y vuelve a cargar esta página, o abre ${brand} desde tu equipo.`,
    notFound: (brand: string) =>
      `No hemos encontrado ${brand} en este equipo. Si no está instalado, descárgalo abajo; si lo está, ábrelo desde tu equipo.`,
    download: (brand: string) => `Descargar ${brand}`,
    badUuid:
      "Esta página se ha abierto sin un ID de dispositivo válido, así que no puede comunicarse con el software de este equipo. Vuelve a abrirla desde el software.",
    checkFailed: (brand: string) => `Hemos encontrado ${brand}, pero no responde. Ábrelo desde tu equipo.`,
    asked: (brand: string) => `${brand} ya debería estar abierto en este equipo.`,
    openAgain: "Abrir de nuevo",
    tryAgain: "Reintentar",
    signInInstead: "Iniciar sesión con tu correo",
  },
};
