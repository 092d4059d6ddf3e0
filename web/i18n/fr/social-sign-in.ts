import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Connexion avec Google annulée",
      text: "La connexion avec Google a été annulée. Vous pouvez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    refused: {
      title: "Google a refusé la connexion",
      text: "Google a refusé cette connexion, elle n'a donc pas abouti. Veuillez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    expired: {
      title: "Cette connexion a expiré",
      text: "La connexion avec Google a pris trop de temps, a déjà été effectuée ou a été lancée dans une autre fenêtre du navigateur. Veuillez recommencer.",
    },
    unverified: {
      title: "Adresse e-mail Google non vérifiée",
      text: "Google n'a pas vérifié l'adresse e-mail de ce compte Google, qui ne peut donc pas servir à vous connecter. Faites vérifier l'adresse par Google ou connectez-vous avec votre adresse e-mail.",
    },
    unreachable: {
      title: "Google ne répond pas",
      text: "Nous n'avons pas pu joindre Google pour terminer la connexion. Veuillez réessayer dans un instant ou vous connecter avec votre adresse e-mail.",
    },
    failed: {
      title: "Échec de la connexion avec Google",
      text: "La réponse de Google n'a pas pu être vérifiée, la connexion n'a donc pas abouti. Veuillez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    busy: {
      title: "Trop de tentatives",
      text: "Trop de connexions ont été tentées depuis votre réseau. Veuillez patienter un moment avant de réessayer, ou connectez-vous avec votre adresse e-mail.",
    },
    unavailable: {
      title: "Connexion avec Google indisponible",
      text: "La connexion avec ce fournisseur n'est pas proposée ici. Veuillez vous connecter avec votre adresse e-mail.",
    },
    disabled: {
      title: "Ce compte est désactivé",
      text: "Le compte associé à cette connexion Google a été désactivé et ne peut pas être utilisé pour se connecter. Veuillez contacter l'assistance.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirmez d'abord votre adresse e-mail",
      text: "Google n'a pas confirmé que ce compte Google possède son adresse e-mail, il ne peut donc pas encore être associé à votre compte. Connectez-vous d'abord avec votre adresse e-mail, puis choisissez à nouveau Continuer avec Google dans ce navigateur pour l'associer.",
    },
    held: {
      title: "La connexion avec Google est suspendue",
      text: "Google nous a signalé que ce compte Google a peut-être été piraté : il ne peut donc pas se connecter à votre compte pour le moment. Connectez-vous avec votre mot de passe ou une clé d'accès, ou contactez l'assistance. Un mot de passe ou une clé d'accès ajouté dans le mois précédent ne compte pas.",
    },
    backToLogin: "Retour à la connexion",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Connexion avec Microsoft annulée",
      text: "La connexion avec Microsoft a été annulée. Vous pouvez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    refused: {
      title: "Microsoft a refusé la connexion",
      text: "Microsoft a refusé cette connexion, elle n'a donc pas abouti. Veuillez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    expired: {
      title: "Cette connexion a expiré",
      text: "La connexion avec Microsoft a pris trop de temps, a déjà été effectuée ou a été lancée dans une autre fenêtre du navigateur. Veuillez recommencer.",
    },
    unverified: {
      title: "Adresse e-mail Microsoft non vérifiée",
      text: "Microsoft n'a pas vérifié l'adresse e-mail de ce compte Microsoft, qui ne peut donc pas servir à vous connecter. Faites vérifier l'adresse par Microsoft ou connectez-vous avec votre adresse e-mail.",
    },
    unreachable: {
      title: "Microsoft ne répond pas",
      text: "Nous n'avons pas pu joindre Microsoft pour terminer la connexion. Veuillez réessayer dans un instant ou vous connecter avec votre adresse e-mail.",
    },
    failed: {
      title: "Échec de la connexion avec Microsoft",
      text: "La réponse de Microsoft n'a pas pu être vérifiée, la connexion n'a donc pas abouti. Veuillez réessayer ou vous connecter avec votre adresse e-mail.",
    },
    busy: {
      title: "Trop de tentatives",
      text: "Trop de connexions ont été tentées depuis votre réseau. Veuillez patienter un moment avant de réessayer, ou connectez-vous avec votre adresse e-mail.",
    },
    unavailable: {
      title: "Connexion avec Microsoft indisponible",
      text: "La connexion avec ce fournisseur n'est pas proposée ici. Veuillez vous connecter avec votre adresse e-mail.",
    },
    disabled: {
      title: "Ce compte est désactivé",
      text: "Le compte associé à cette connexion Microsoft a été désactivé et ne peut pas être utilisé pour se connecter. Veuillez contacter l'assistance.",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "Confirmez d'abord votre adresse e-mail",
      text: "Microsoft n'a pas confirmé que ce compte Microsoft possède son adresse e-mail, il ne peut donc pas encore être associé à votre compte. Connectez-vous d'abord avec votre adresse e-mail, puis choisissez à nouveau Continuer avec Microsoft dans ce navigateur pour l'associer.",
    },
  },
};
