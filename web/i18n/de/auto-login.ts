import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Sie werden bei ${brand} angemeldet`,
    hint: "Die Software sollte sich gleich öffnen, Sie können dieses Fenster bedenkenlos schließen",
    nextStep: {
      permission: (brand: string) => `Suchen Sie ${brand} auf diesem Computer und wählen Sie „Zulassen“, wenn Ihr Browser fragt.`,
      denied: "Erlauben Sie dieser Website den Zugriff auf Ihr lokales Netzwerk und laden Sie die Seite dann neu.",
      notFound: (brand: string) => `Installieren oder öffnen Sie ${brand} auf diesem Computer und versuchen Sie es dann erneut.`,
      checkFailed: (brand: string) => `Öffnen Sie ${brand} auf diesem Computer und versuchen Sie es dann erneut.`,
    },
  },
  agent: {
    looking: (brand: string) => `${brand} wird auf diesem Computer gesucht...`,
    permissionWhy: (brand: string) =>
      `Um ${brand} zu öffnen, muss diese Seite die Software auf diesem Computer erreichen. Ihr Browser fragt gleich, ob diese Website auf Geräte in Ihrem lokalen Netzwerk zugreifen darf: Wählen Sie „Zulassen“.`,
    findButton: (brand: string) => `${brand} auf diesem Computer suchen`,
    denied: (brand: string) =>
      `Ihr Browser hat verhindert, dass diese Seite ${brand} auf diesem Computer erreicht. Erlauben Sie dieser Website in den Website-Einstellungen Ihres Browsers den Zugriff auf Ihr lokales Netzwerk und laden Sie die Seite dann neu. Oder öffnen Sie ${brand} direkt auf Ihrem Computer.`,
    notFound: (brand: string) =>
      `Wir konnten ${brand} auf diesem Computer nicht finden. Falls die Software nicht installiert ist, laden Sie sie unten herunter. Falls doch, öffnen Sie sie direkt auf Ihrem Computer.`,
    download: (brand: string) => `${brand} herunterladen`,
    badUuid:
      "Diese Seite wurde ohne gültige Geräte-ID geöffnet und kann die Software auf diesem Computer daher nicht erreichen. Bitte öffnen Sie die Seite erneut aus der Software heraus.",
    checkFailed: (brand: string) =>
      `${brand} wurde gefunden, hat aber nicht geantwortet. Bitte öffnen Sie die Software direkt auf Ihrem Computer.`,
    asked: (brand: string) => `${brand} sollte jetzt auf diesem Computer geöffnet sein.`,
    openAgain: "Erneut öffnen",
    tryAgain: "Erneut versuchen",
    signInInstead: "Mit E-Mail-Adresse anmelden",
  },
};
