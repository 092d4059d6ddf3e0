import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/**
 * Every string a customer reads, in French ("vous" throughout; terms in docs/languages/fr.md).
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in fr/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
/**
 * A password field's label as the object of "Afficher"/"Masquer": "le mot de passe", "le nouveau
 * mot de passe"; a label that is a verb reads as a noun ("la confirmation du mot de passe").
 */
function fieldObject(label: string): string {
  const confirmed = /^Confirmer le (.+)$/.exec(label);
  if (confirmed) return `la confirmation du ${confirmed[1]}`;
  return `le ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "Sombre" or "Clair", for the toggle's name: "Passer au thème Sombre". */
    switchToBefore: "Passer au thème ",
    switchToAfter: "",
    dark: "Sombre",
    light: "Clair",
  },
  loading: {
    text: "Chargement du logiciel...",
    /** Read while a screen's code is on its way. */
    screen: "Chargement...",
  },
  login: {
    title: "Connexion client",
    continueWithGoogle: "Continuer avec Google",
    continueWithMicrosoft: "Continuer avec Microsoft",
    or: "Ou",
    emailLabelWithSocial: "Utiliser une autre adresse e-mail",
    emailLabel: "Saisissez votre adresse e-mail",
    continue: "Continuer",
    accountNotFound: "Compte introuvable",
    accountNotFoundText: (email: string) => `Nous n'avons trouvé aucun compte pour ${email}.`,
    tryAnotherEmail: "Essayer une autre adresse",
    createAccount: "Créer votre compte",
    captchaFailed: "Échec de la connexion",
    unexpectedError: "Un problème est survenu. Veuillez réessayer dans un instant.",
    passkey: "Se connecter avec une clé d'accès",
    passkeyUnavailable: "Ce navigateur ne peut pas utiliser de clé d'accès sur cette page. Continuez plutôt avec votre adresse e-mail.",
  },
  checkEmail: {
    title: "Consultez vos e-mails",
    /** Around the address, which is shown in bold: "Nous avons envoyé un lien d'accès personnel à <b>vous@…</b>." */
    sent: "Nous avons envoyé un lien d'accès personnel à",
    sentAfter: ".",
    /** The link's lifetime: "1 jour", "2 jours". */
    expires: (days: number) => `Ce lien expire dans ${plural("fr", days, { one: "# jour", many: "# de jours", other: "# jours" })}.`,
    spam: "Si vous ne voyez pas l'e-mail, vérifiez votre dossier Spam ou Courrier indésirable.",
    slow: "Cela prend plus de temps que d'habitude. Nous essayons toujours de remettre l'e-mail.",
    useAnotherEmail: "Utiliser une autre adresse e-mail",
    resend: "Renvoyer",
    resendIn: (seconds: number) =>
      plural("fr", seconds, { one: "Renvoyer dans # seconde", many: "Renvoyer dans # de secondes", other: "Renvoyer dans # secondes" }),
    resent: "Nous vous avons envoyé un nouveau lien.",
    codeLabel: "Vous lisez l'e-mail sur un autre appareil ? Saisissez son code à 6 chiffres",
    codeSubmit: "Se connecter",
    codeIncomplete: "Saisissez les 6 chiffres indiqués dans l'e-mail",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "Vous ouvrez le lien sur votre téléphone ? Saisissez-y ce nombre pour vous connecter ici :",
    approvalRefused: "Un mauvais nombre a été saisi sur votre autre appareil, donc aucune connexion n'a eu lieu. Demandez un nouveau lien.",
    approvalUsedElsewhere: "Le lien a été utilisé sur un autre appareil.",
  },
  validation: {
    emailRequired: "L'adresse e-mail est obligatoire",
    emailInvalid: "Veuillez saisir une adresse e-mail valide",
    passwordRequired: "Le mot de passe est obligatoire",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "Adresse e-mail non valide",
  },
  fields: {
    email: "Adresse e-mail",
    password: "Mot de passe",
    newPassword: "Nouveau mot de passe",
    confirmPassword: "Confirmer le mot de passe",
    show: "Afficher",
    hide: "Masquer",
    /** The show/hide button's name, with the field's label: "Afficher le mot de passe". */
    showField: (label: string) => `Afficher ${fieldObject(label)}`,
    hideField: (label: string) => `Masquer ${fieldObject(label)}`,
    close: "Fermer",
  },
  /** The links under every card; the goodbye page adds the EULA (in French, the CLUF). */
  legal: {
    label: "Informations légales",
    privacy: "Politique de confidentialité",
    eula: "CLUF",
    terms: "Conditions générales",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "Langue",
  },
  failure: {
    title: "Un problème est survenu",
    text: "Impossible d'afficher cette page. Veuillez réessayer.",
    retry: "Réessayer",
  },
};
