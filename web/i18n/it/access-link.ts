import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Accedi a ${brand}`,
    text: "Hai aperto il tuo link di accesso personale. Premi il pulsante per completare l'accesso.",
    signIn: "Accedi",
    signingIn: "Accesso in corso...",
    usedTitle: "Questo link è già stato usato",
    usedText: "Ogni link di accesso funziona una sola volta. Richiedine uno nuovo e te lo invieremo via email.",
    expiredTitle: "Questo link è scaduto",
    expiredText: "Per la tua sicurezza, i link di accesso scadono. Richiedine uno nuovo e te lo invieremo via email.",
    unknownTitle: "Questo link non è valido",
    unknownText:
      "Il link potrebbe essere incompleto: alcuni programmi di posta spezzano i link lunghi. Richiedine uno nuovo e te lo invieremo via email.",
    newLink: "Inviami un nuovo link",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "Accedere sull'altro dispositivo?",
    approveWhat: (device: string, network: string, when: string) => `${device}, dalla rete ${network}, ha chiesto di accedere ${when}.`,
    approveForDesktopApp: (brand: string) => `La richiesta è per l'app desktop di ${brand}.`,
    approveForWebApp: (brand: string) => `La richiesta è per la versione web di ${brand}.`,
    approveForSite: (brand: string, host: string) => `La richiesta è per ${brand} su ${host}.`,
    approveNotYou: "Se non l'hai appena chiesto su un altro dispositivo, non fare nulla.",
    approveDigitsLabel: "Le due cifre mostrate sull'altro dispositivo",
    approveDigitsIncomplete: "Inserisci le due cifre mostrate sull'altro dispositivo.",
    approveSubmit: "Accedi sull'altro dispositivo",
    thisDeviceInstead: "Accedi invece su questo dispositivo",
    unknownBrowser: "Un browser",
    unknownBrowserInSentence: "un browser sconosciuto",
    browserOn: (browser: string, system: string) => `${browser} su ${system}`,
    approvedTitle: "Fatto",
    approved: (device: string) => `Fatto. Hai effettuato l'accesso su ${device}.`,
    approvedHere: "Su questo dispositivo non hai effettuato l'accesso.",
  },
};
