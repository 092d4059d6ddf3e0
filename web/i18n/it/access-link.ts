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
    /** The link opened on another device than the one that asked (decision 73). */
    approveTitle: "Accedere sull'altro dispositivo?",
    approveWhat: (device: string, network: string, when: string) => `${device}, dalla rete ${network}, ha chiesto di accedere ${when}.`,
    approvePick: "Scegli il numero mostrato sull'altro dispositivo:",
    approveNumber: (number: number) => `Scegli ${number}`,
    thisDeviceInstead: "Accedi invece su questo dispositivo",
    unknownBrowser: "Un browser",
    browserOn: (browser: string, system: string) => `${browser} su ${system}`,
    approvedTitle: "Fatto",
    approved: (device: string) => `Fatto. Hai effettuato l'accesso su ${device}.`,
    approvedHere: "Su questo dispositivo non hai effettuato l'accesso.",
  },
};
