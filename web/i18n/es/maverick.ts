import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Cargando Maverick Safe",
  },
  maverickGoodbye: {
    title: "Lamentamos que te vayas",
    uninstalled: "Maverick Safe se ha desinstalado de tu navegador.",
    tryAgain: "¿Has cambiado de opinión? Nos encantaría que le dieras otra oportunidad a Maverick Safe.",
    download: "Volver a descargar Maverick Safe",
    removeExtension: "Cómo quitar la extensión del navegador",
    removeExtensionText: "Si la extensión Maverick Safe sigue en tu navegador, estas instrucciones explican cómo quitarla.",
  },
};
