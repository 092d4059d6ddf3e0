import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `Connexion à ${brand} en cours`,
    hint: "Le logiciel devrait s'ouvrir dans un instant. Vous pouvez fermer cette fenêtre sans risque.",
    nextStep: {
      permission: (brand: string) =>
        `Recherchez ${brand} sur cet ordinateur, puis choisissez Autoriser quand votre navigateur vous le demande.`,
      denied: "Autorisez ce site à accéder à votre réseau local, puis rechargez cette page.",
      notFound: (brand: string) => `Installez ou ouvrez ${brand} sur cet ordinateur, puis réessayez.`,
      checkFailed: (brand: string) => `Ouvrez ${brand} sur cet ordinateur, puis réessayez.`,
    },
  },
  agent: {
    looking: (brand: string) => `Recherche de ${brand} sur cet ordinateur...`,
    permissionWhy: (brand: string) =>
      `Pour ouvrir ${brand}, cette page doit communiquer avec le logiciel installé sur cet ordinateur. Votre navigateur va vous demander si ce site peut accéder aux appareils de votre réseau local : choisissez Autoriser.`,
    findButton: (brand: string) => `Rechercher ${brand} sur cet ordinateur`,
    denied: (brand: string) =>
      `Votre navigateur a empêché cette page de communiquer avec ${brand} sur cet ordinateur. Autorisez ce site à accéder à votre réseau local dans les paramètres du site de votre navigateur, puis actualisez cette page, ou ouvrez ${brand} depuis votre ordinateur.`,
    notFound: (brand: string) =>
      `Nous n'avons pas trouvé ${brand} sur cet ordinateur. S'il n'est pas installé, téléchargez-le ci-dessous ; s'il l'est, ouvrez-le depuis votre ordinateur.`,
    download: (brand: string) => `Télécharger ${brand}`,
    badUuid:
      "Cette page a été ouverte sans identifiant d'appareil valide : elle ne peut donc pas communiquer avec le logiciel installé sur cet ordinateur. Veuillez la rouvrir depuis le logiciel.",
    checkFailed: (brand: string) => `${brand} a été trouvé mais n'a pas répondu. Veuillez l'ouvrir depuis votre ordinateur.`,
    asked: (brand: string) => `${brand} devrait maintenant être ouvert sur cet ordinateur.`,
    openAgain: "Rouvrir",
    tryAgain: "Réessayer",
    signInInstead: "Se connecter par e-mail",
  },
};
