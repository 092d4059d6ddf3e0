import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Accesso a ${brand} in corso`,
    hint: "Il software si aprirà tra un momento, puoi chiudere questa finestra senza problemi",
    nextStep: {
      permission: (brand: string) => `Trova ${brand} su questo computer, poi scegli Consenti quando il browser te lo chiede.`,
      denied: "Consenti a questo sito di accedere alla rete locale, poi ricarica questa pagina.",
      notFound: (brand: string) => `Installa o apri ${brand} su questo computer, poi riprova.`,
      checkFailed: (brand: string) => `Apri ${brand} su questo computer, poi riprova.`,
    },
  },
  agent: {
    looking: (brand: string) => `Ricerca di ${brand} su questo computer...`,
    permissionWhy: (brand: string) =>
      `Per aprire ${brand}, questa pagina deve comunicare con il software su questo computer. Il browser ti chiederà se consentire a questo sito di accedere ai dispositivi della rete locale: scegli Consenti.`,
    findButton: (brand: string) => `Trova ${brand} su questo computer`,
    denied: (brand: string) =>
      `Il browser ha impedito a questa pagina di comunicare con ${brand} su questo computer. Consenti a questo sito di accedere alla rete locale nelle impostazioni del sito del browser, poi ricarica la pagina, oppure apri ${brand} dal tuo computer.`,
    notFound: (brand: string) =>
      `Non abbiamo trovato ${brand} su questo computer. Se non è installato, scaricalo qui sotto; se è installato, aprilo dal tuo computer.`,
    download: (brand: string) => `Scarica ${brand}`,
    badUuid:
      "Questa pagina è stata aperta senza un ID dispositivo valido, quindi non può comunicare con il software su questo computer. Aprila di nuovo dal software.",
    checkFailed: (brand: string) => `${brand} è stato trovato ma non ha risposto. Aprilo dal tuo computer.`,
    asked: (brand: string) => `${brand} ora dovrebbe essere aperto su questo computer.`,
    openAgain: "Apri di nuovo",
    tryAgain: "Riprova",
    signInInstead: "Accedi con la tua email",
  },
};
