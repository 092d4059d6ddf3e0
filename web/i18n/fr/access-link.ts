import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `Connexion à ${brand}`,
    text: "Vous avez ouvert votre lien d'accès personnel. Appuyez sur le bouton pour terminer la connexion.",
    signIn: "Se connecter",
    signingIn: "Connexion en cours...",
    usedTitle: "Ce lien a déjà été utilisé",
    usedText: "Chaque lien d'accès ne sert qu'à une seule connexion. Demandez un nouveau lien et nous vous l'enverrons par e-mail.",
    expiredTitle: "Ce lien a expiré",
    expiredText: "Pour votre sécurité, les liens d'accès expirent. Demandez un nouveau lien et nous vous l'enverrons par e-mail.",
    unknownTitle: "Ce lien n'est pas valide",
    unknownText:
      "Le lien est peut-être incomplet : certains logiciels de messagerie coupent les liens longs. Demandez un nouveau lien et nous vous l'enverrons par e-mail.",
    newLink: "M'envoyer un nouveau lien",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "Se connecter sur votre autre appareil ?",
    approveWhat: (device: string, network: string, when: string) => `${device}, réseau ${network}, a demandé à se connecter ${when}.`,
    approveForDesktopApp: (brand: string) => `La demande concerne l'application de bureau ${brand}.`,
    approveForWebApp: (brand: string) => `La demande concerne ${brand} sur le Web.`,
    approveForSite: (brand: string, host: string) => `La demande concerne ${brand} sur ${host}.`,
    approveNotYou: "Si vous ne venez pas de le demander sur un autre appareil, ne faites rien.",
    approveDigitsLabel: "Les deux chiffres affichés sur l'autre appareil",
    approveDigitsIncomplete: "Saisissez les deux chiffres affichés sur l'autre appareil.",
    approveSubmit: "Connecter l'autre appareil",
    thisDeviceInstead: "Se connecter plutôt sur cet appareil",
    unknownBrowser: "Un navigateur",
    unknownBrowserInSentence: "un navigateur inconnu",
    browserOn: (browser: string, system: string) => `${browser} sous ${system}`,
    approvedTitle: "C'est fait",
    approved: (device: string) => `C'est fait. La connexion sur ${device} est effectuée.`,
    approvedHere: "Cet appareil n'est pas connecté.",
  },
};
