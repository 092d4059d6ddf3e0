import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/fr.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "Mot de passe oublié",
    text: "Saisissez l'adresse e-mail de votre compte et nous vous enverrons un lien pour définir un nouveau mot de passe.",
    sendEmail: "Envoyer l'e-mail",
    failed: "Une erreur s'est produite lors de l'envoi de la demande.",
  },
  forgotPasswordConfirmation: {
    title: "E-mail de réinitialisation envoyé",
    /** The reset link's lifetime in words (`duration`): "Le lien de l'e-mail expire dans 1 heure". */
    expires: (time: string) => `Le lien de l'e-mail expire dans ${time}`,
    check: "Consultez votre boîte de réception et cliquez sur le lien pour définir un nouveau mot de passe.",
    backToLogin: "Retour à la connexion",
  },
  resetPassword: {
    title: "Définir un nouveau mot de passe",
    save: "Enregistrer le mot de passe",
    checking: "Vérification de votre lien...",
    usedTitle: "Ce lien a déjà été utilisé",
    usedText:
      "Chaque lien de réinitialisation du mot de passe ne fonctionne qu'une seule fois. Demandez-en un nouveau et nous vous l'enverrons par e-mail.",
    expiredTitle: "Ce lien a expiré",
    expiredText:
      "Pour votre sécurité, les liens de réinitialisation du mot de passe expirent. Demandez-en un nouveau et nous vous l'enverrons par e-mail.",
    unknownTitle: "Ce lien n'est pas valide",
    unknownText:
      "Le lien est peut-être incomplet : certains logiciels de messagerie coupent les liens longs. Demandez-en un nouveau et nous vous l'enverrons par e-mail.",
    newLink: "M'envoyer un nouveau lien",
    removePasskeys: {
      legend: "Supprimer aussi ces clés d'accès",
      hint: "Les clés d'accès ajoutées au cours des 30 derniers jours sont cochées : si quelqu'un d'autre était connecté à votre compte, il a pu en ajouter une.",
      passkey: (name: string, added: string) => `${name}, ajoutée le ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "Votre mot de passe a été réinitialisé !",
    text: "Votre nouveau mot de passe a été enregistré. Utilisez-le lors de votre prochaine connexion.",
    login: "Se connecter",
  },
  setPassword: {
    title: "Définir un mot de passe",
    text: "Vous n'avez pas de mot de passe. Pour votre sécurité, veuillez en définir un.",
    save: "Enregistrer le mot de passe",
    serverError: "Une erreur s'est produite. Veuillez réessayer.",
  },
  setPasswordConfirmation: {
    title: "Votre nouveau mot de passe a été défini !",
    /** Around the product name in bold: "Nous avons enregistré votre mot de passe DS One. …". */
    before: "Nous avons enregistré votre mot de passe ",
    after: ". Veuillez utiliser le nouveau mot de passe que vous avez saisi pour vous connecter à l'application.",
    login: "Se connecter",
  },
};
