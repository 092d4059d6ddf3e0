import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Bei ${brand} anmelden`,
    text: "Sie haben Ihren persönlichen Zugangslink geöffnet. Klicken Sie auf die Schaltfläche, um die Anmeldung abzuschließen.",
    signIn: "Anmelden",
    signingIn: "Sie werden angemeldet...",
    usedTitle: "Dieser Link wurde bereits verwendet",
    usedText:
      "Mit jedem Zugangslink können Sie sich nur einmal anmelden. Fordern Sie einen neuen Link an, dann senden wir ihn Ihnen per E-Mail.",
    expiredTitle: "Dieser Link ist abgelaufen",
    expiredText: "Zugangslinks laufen zu Ihrer Sicherheit ab. Fordern Sie einen neuen Link an, dann senden wir ihn Ihnen per E-Mail.",
    unknownTitle: "Dieser Link ist ungültig",
    unknownText:
      "Der Link ist möglicherweise unvollständig, da manche E-Mail-Programme lange Links umbrechen. Fordern Sie einen neuen Link an, dann senden wir ihn Ihnen per E-Mail.",
    newLink: "Neuen Link anfordern",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "Auf Ihrem anderen Gerät anmelden?",
    approveWhat: (device: string, network: string, when: string) =>
      `${device} im Netzwerk ${network} hat ${when} eine Anmeldung angefordert.`,
    approveForDesktopApp: (brand: string) => `Die Anmeldung gilt für die Desktop-App von ${brand}.`,
    approveForWebApp: (brand: string) => `Die Anmeldung gilt für ${brand} im Web.`,
    approveForSite: (brand: string, host: string) => `Die Anmeldung gilt für ${brand} auf ${host}.`,
    approveNotYou: "Wenn Sie das nicht gerade auf einem anderen Gerät angefordert haben, tun Sie nichts.",
    approveDigitsLabel: "Die zwei Ziffern, die das andere Gerät anzeigt",
    approveDigitsIncomplete: "Geben Sie die zwei Ziffern ein, die das andere Gerät anzeigt.",
    approveSubmit: "Dort anmelden",
    thisDeviceInstead: "Stattdessen auf diesem Gerät anmelden",
    unknownBrowser: "Unbekannter Browser",
    unknownBrowserInSentence: "einem unbekannten Browser",
    browserOn: (browser: string, system: string) => `${browser} unter ${system}`,
    approvedTitle: "Fertig",
    approved: (device: string) => `Fertig. Sie sind jetzt in ${device} angemeldet.`,
    approvedHere: "Dieses Gerät ist nicht angemeldet.",
  },
};
