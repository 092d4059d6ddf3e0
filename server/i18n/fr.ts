import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/fr.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in French ("vous" throughout; terms in
 * docs/languages/fr.md): the mails, the messages of refused requests (the app shows them), and the
 * OpenID Provider's own pages.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1 heure", "2 jours". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("fr", count, { one: "# jour", many: "# de jours", other: "# jours" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} sous ${system}`,
    unknownBrowser: "Un navigateur inconnu",
    pasteTheAddress: "Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :",
    expiry: (lifetime: string) => `Ce lien expire dans ${lifetime}. Il ne peut être utilisé qu'une seule fois.`,
    /** Before the address in the text part: "Se connecter : https://…". */
    signInLine: "Se connecter",
    signInTo: (brand: string) => `Se connecter à ${brand}`,
    ifThisWasYou: "Si c'était bien vous, vous n'avez rien d'autre à faire.",
    ifItWasNotYou:
      "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe avec le lien « Mot de passe oublié ? » de la page de connexion, puis contactez l'assistance.",
    accessLink: {
      subject: (brand: string) => `Votre lien de connexion ${brand}`,
      intro: (brand: string) => `Voici votre lien d'accès personnel pour vous connecter à ${brand}.`,
      code: (lifetime: string) =>
        `Vous lisez cet e-mail sur un autre appareil ? Sur l'ordinateur depuis lequel vous l'avez demandé, saisissez plutôt ce code (valable ${lifetime}) :`,
      footer:
        "Si vous n'avez pas demandé à vous connecter, vous pouvez ignorer cet e-mail : personne ne peut se connecter sans ce lien ou ce code.",
      footerFromSupport:
        "Si vous n'avez pas demandé de lien à notre équipe d'assistance, vous pouvez ignorer cet e-mail : personne ne peut se connecter sans ce lien.",
    },
    passwordReset: {
      subject: (brand: string) => `Réinitialisation de votre mot de passe ${brand}`,
      intro: (brand: string) => `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${brand}.`,
      action: "Définir un nouveau mot de passe",
      footer: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.",
    },
    passwordChanged: {
      subject: (brand: string) => `Votre mot de passe ${brand} a été modifié`,
      intro: (brand: string) =>
        `Le mot de passe de votre compte ${brand} vient d'être modifié, et toutes vos autres sessions ont été fermées.`,
    },
    passwordSet: {
      subject: (brand: string) => `Un mot de passe a été défini pour votre compte ${brand}`,
      intro: (brand: string) =>
        `Un mot de passe vient d'être défini pour votre compte ${brand} : vous pouvez désormais vous connecter avec ce mot de passe, en plus du lien envoyé par e-mail.`,
    },
    newSignIn: {
      subject: (brand: string) => `Nouvelle connexion à votre compte ${brand}`,
      intro: (brand: string) =>
        `Une connexion à votre compte ${brand} vient d'avoir lieu depuis un navigateur jamais utilisé auparavant avec ce compte.`,
      /** "Chrome on Windows, depuis le réseau 203.0.113.0, le 25 nov. 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, depuis le réseau ${network}, le ${when}.`,
      advice: "Si c'était bien vous, vous n'avez rien à faire.",
      accountLine: "Votre compte",
      action: "Consulter votre compte",
      notMe: "Ce n'était pas moi",
      footer:
        "Si ce n'était pas vous, cliquez sur « Ce n'était pas moi » : cela déconnecte ce navigateur de votre compte et de toutes les applications auxquelles il s'est connecté, et supprime toute clé d'accès qu'il a ajoutée.",
    },
    confirmationCode: {
      subject: (brand: string) => `Votre code de confirmation ${brand}`,
      intro: (brand: string) => `Utilisez ce code pour confirmer votre identité sur la page de votre compte ${brand}.`,
      code: (lifetime: string) => `Ce code est valable ${lifetime}, dans le navigateur qui l'a demandé :`,
      footer:
        "Si vous n'avez pas demandé ce code, quelqu'un est peut-être connecté à votre compte : déconnectez-vous partout depuis la page de votre compte, et réinitialisez votre mot de passe si vous en avez un.",
    },
    passkeyAdded: {
      subject: (brand: string) => `Une clé d'accès a été ajoutée à votre compte ${brand}`,
      intro: (brand: string) =>
        `Une clé d'accès a été ajoutée à votre compte ${brand}. Elle permet de se connecter sans e-mail ni mot de passe.`,
      /** "Chrome on Windows, depuis le réseau 203.0.113.0, le 25 nov. 2026, 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}, depuis le réseau ${network}, le ${when}.`,
      kept: (provider: string) => `Elle est enregistrée dans ${provider}.`,
      advice: "Si c'était bien vous, vous n'avez rien à faire.",
      action: "Supprimer cette clé d'accès",
      footer:
        "Si ce n'était pas vous, supprimez-la immédiatement : cela déconnecte aussi le navigateur qui l'a ajoutée. Déconnectez-vous ensuite partout depuis la page de votre compte.",
    },
    accountDeletion: {
      subject: (brand: string) => `Confirmez la suppression de votre compte ${brand}`,
      intro: (brand: string) => `Nous avons reçu une demande de suppression de votre compte ${brand}.`,
      what: "La suppression vous déconnectera de tous les navigateurs et applications, et effacera vos connexions associées (comme Google), vos ordinateurs et leurs paramètres, vos licences ainsi que toutes les données personnelles que nous détenons à votre sujet. Un compte supprimé ne peut pas être restauré.",
      action: "Supprimer mon compte",
      footer: "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : votre compte reste inchangé.",
    },
    accountDeleted: {
      subject: (brand: string) => `Votre compte ${brand} a été supprimé`,
      intro: (brand: string) => `Votre compte ${brand} a été supprimé.`,
      what: "Toutes vos sessions ont été fermées, et vos connexions associées, vos ordinateurs et leurs paramètres, vos licences ainsi que toutes les données personnelles que nous détenions à votre sujet ont été effacés. Un compte supprimé ne peut pas être restauré.",
      footer: (brand: string) =>
        `Ceci est le dernier e-mail concernant ce compte. Si vous n'êtes pas à l'origine de cette suppression, contactez l'assistance ${brand}.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `Google a été dissocié de votre compte ${brand}`,
      intro: (brand: string) =>
        `La connexion avec Google a été supprimée de votre compte ${brand} : ce compte Google ne permet plus de vous y connecter.`,
      footer:
        "Si vous n'êtes pas à l'origine de cette action, connectez-vous avec un lien envoyé par e-mail et vérifiez votre compte : déconnectez-vous partout, et modifiez votre mot de passe si vous en avez un.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `Microsoft a été dissocié de votre compte ${brand}`,
      intro: (brand: string) =>
        `La connexion avec Microsoft a été supprimée de votre compte ${brand} : ce compte Microsoft ne permet plus de vous y connecter.`,
      footer:
        "Si vous n'êtes pas à l'origine de cette action, connectez-vous avec un lien envoyé par e-mail et vérifiez votre compte : déconnectez-vous partout, et modifiez votre mot de passe si vous en avez un.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `La connexion avec Google à votre compte ${brand} est suspendue`,
      intro: (brand: string) =>
        `Google nous a signalé que quelqu'un d'autre a peut-être pris le contrôle du compte Google avec lequel vous vous connectez à ${brand}. Pour protéger votre compte ${brand}, nous l'avons déconnecté de tous les navigateurs et de toutes les applications, et avons suspendu la connexion avec Google.`,
      footer:
        "Connectez-vous avec votre mot de passe ou une clé d'accès pour utiliser Google à nouveau, ou contactez notre équipe d'assistance. Avant cela, sécurisez votre compte Google auprès de Google. Un mot de passe ou une clé d'accès ajouté dans le mois précédent ne compte pas.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `Confirmez votre nouvelle adresse e-mail ${brand}`,
      intro: (brand: string, email: string) => `Confirmez ${email} comme nouvelle adresse e-mail de votre compte ${brand}.`,
      what: "Tant que vous n'avez pas confirmé, rien ne change : le compte conserve son adresse e-mail actuelle.",
      action: "Confirmer la nouvelle adresse e-mail",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `Vous pouvez aussi saisir ce code sur la page de votre compte, dans le navigateur qui a fait la demande (il est valable ${lifetime}) :`,
      footer:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne change tant que cette adresse n'est pas confirmée.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `Quelqu'un a demandé à modifier l'adresse e-mail de votre compte ${brand}`,
      intro: (brand: string, masked: string) => `Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte ${brand} par ${masked}.`,
      what: "Rien ne change tant que la nouvelle adresse n'est pas confirmée. Si c'était bien vous, vous n'avez rien à faire.",
      action: "Ce n'était pas moi",
      footer:
        "Si ce n'était pas vous, cliquez sur « Ce n'était pas moi » : cela annule la modification et déconnecte le navigateur qui l'a demandée. Déconnectez-vous ensuite partout depuis la page de votre compte.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `Quelqu'un a tenté d'utiliser cette adresse e-mail pour un compte ${brand}`,
      intro: (brand: string) =>
        `Quelqu'un a demandé à remplacer l'adresse e-mail d'un compte ${brand} par cette adresse, mais un compte ${brand} existe déjà avec cette adresse.`,
      what: "Rien n'a été modifié. Si c'était vous, connectez-vous plutôt avec cette adresse : une adresse ne peut appartenir qu'à un seul compte.",
      footer: "Si ce n'était pas vous, vous pouvez ignorer cet e-mail.",
    },
    noAccount: {
      subject: (brand: string) => `Aucun compte ${brand} n'utilise cette adresse e-mail`,
      intro: (brand: string) =>
        `Quelqu'un, peut-être vous, a demandé à se connecter à ${brand} avec cette adresse e-mail, mais aucun compte ${brand} n'utilise cette adresse.`,
      what: "Si vous vouliez vous connecter, essayez l'adresse e-mail de votre compte.",
      create: "Pour créer plutôt un compte avec cette adresse :",
      action: "Créer votre compte",
      footer: "Si ce n'était pas vous, vous pouvez ignorer cet e-mail : rien n'a été créé ni modifié.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `Votre adresse e-mail ${brand} a été modifiée`,
      intro: (brand: string, masked: string) => `L'adresse e-mail de votre compte ${brand} a été remplacée par ${masked}.`,
      what: (lifetime: string) =>
        `Si vous n'êtes pas à l'origine de cette modification, annulez-la dans un délai de ${lifetime} : votre adresse e-mail redeviendra celle-ci, tous les navigateurs et applications seront déconnectés, et les clés d'accès ajoutées depuis seront supprimées.`,
      action: "Annuler cette modification",
      footer: "Si c'était bien vous, vous n'avez rien à faire.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `Votre ancienne adresse e-mail ${brand} a été rétablie`,
      intro: (brand: string, masked: string) =>
        `L'adresse e-mail de votre compte ${brand} est redevenue ${masked} grâce au lien d'annulation envoyé à cette adresse, et tous les navigateurs et applications ont été déconnectés.`,
      what: "Si vous ne vous y attendiez pas, dites-le-nous avec le bouton ci-dessous : notre équipe d'assistance va s'en occuper. Ce bouton ne modifie rien sur votre compte et ne connecte personne.",
      action: "Ce n'était pas moi",
      footer: "Si vous savez pourquoi l'adresse a été rétablie, vous n'avez rien à faire.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "La requête n'a pas pu être lue.",
    UNSUPPORTED_MEDIA_TYPE: "Envoyez cette requête au format JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "La requête est trop volumineuse.",
    CROSS_SITE_REQUEST: "Cette requête provenait d'un autre site et a été refusée.",
    NOT_FOUND: "Il n'y a rien à cette adresse.",
    RATE_LIMITED: "Trop de tentatives. Veuillez réessayer plus tard.",
    RATE_LIMITED_WAIT: (minutes: number) => `Trop de tentatives. Veuillez patienter ${durations.minutes(minutes)}, puis réessayer.`,
    LINK_UNKNOWN: "Ce lien de connexion n'est pas valide. Veuillez en demander un nouveau.",
    LINK_USED: "Ce lien de connexion a déjà été utilisé. Veuillez en demander un nouveau.",
    LINK_EXPIRED: "Ce lien de connexion a expiré. Veuillez en demander un nouveau.",
    CODE_UNKNOWN:
      "Aucun code n'est en attente pour ce navigateur. Saisissez le code sur l'ordinateur depuis lequel vous avez demandé l'e-mail, ou demandez-en un nouveau.",
    CODE_WRONG: "Ce code est incorrect.",
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      `Ce code est incorrect. ${plural("fr", left, { one: "Il vous reste # essai.", many: "Il vous reste # d'essais.", other: "Il vous reste # essais." })}`,
    CODE_EXPIRED: "Ce code a expiré. Veuillez demander un nouvel e-mail.",
    CODE_SPENT: "Ce code ne peut plus être utilisé. Veuillez demander un nouvel e-mail.",
    CODE_SPENT_AFTER_WRONG: "Ce code est incorrect et ne peut plus être utilisé. Veuillez demander un nouvel e-mail.",
    CAPTCHA_FAILED: "Échec de la connexion",
    CAPTCHA_NOT_CONFIGURED: "Aucun fournisseur de captcha n'est configuré sur ce serveur.",
    CHALLENGE_REQUIRED: "Veuillez confirmer que vous êtes une personne pour continuer.",
    CHALLENGE_FAILED: "Cette vérification n'a pas abouti. Veuillez réessayer.",
    CHALLENGE_UNAVAILABLE:
      "Nous ne pouvons pas vérifier pour l'instant que vous êtes une personne. Réessayez dans une minute, ou connectez-vous d'une autre façon.",
    INVALID_CREDENTIALS: "Adresse e-mail ou mot de passe non valide",
    PASSWORD_LOGIN_DISABLED: "La connexion par mot de passe est désactivée. Veuillez vous connecter avec votre adresse e-mail.",
    NOT_SIGNED_IN: "Veuillez d'abord vous connecter.",
    ADMIN_ONLY: "Cette page est réservée aux administrateurs. Connectez-vous avec un compte administrateur.",
    STAFF_ONLY:
      "La console d'assistance est réservée à l'équipe d'assistance. Connectez-vous avec un compte d'assistance ou administrateur.",
    ADMIN_ACTION_ONLY: "Seul un administrateur peut effectuer cette action.",
    OWN_ACCOUNT: "Vous ne pouvez pas agir sur votre propre compte depuis la console d'assistance. Demandez à un autre membre de l'équipe.",
    ACCOUNT_DISABLED: "Ce compte est désactivé : la connexion est impossible. Veuillez contacter l'assistance.",
    PASSWORD_INVALID: "Le nouveau mot de passe ne respecte pas les règles.",
    PASSWORD_BREACHED:
      "Ce mot de passe figure dans une liste de mots de passe divulgués lors de fuites de données sur d'autres sites : il ne permet donc plus de vous connecter. Nous vous avons envoyé un lien de connexion par e-mail : ouvrez-le, puis définissez un nouveau mot de passe.",
    PASSWORD_ALREADY_SET: "Ce compte a déjà un mot de passe. Pour le modifier, utilisez « Mot de passe oublié ? ».",
    CURRENT_PASSWORD_MISSING: "Saisissez votre mot de passe actuel.",
    CURRENT_PASSWORD_WRONG: "Votre mot de passe actuel est incorrect.",
    GOOGLE_ONLY_WAY_IN:
      "En dehors du lien envoyé par e-mail, Google est votre seul moyen de connexion. Définissez d'abord un mot de passe, puis dissociez Google.",
    MICROSOFT_ONLY_WAY_IN:
      "En dehors du lien envoyé par e-mail, Microsoft est votre seul moyen de connexion. Définissez d'abord un mot de passe, puis dissociez Microsoft.",
    RESET_LINK_UNKNOWN: "Ce lien de réinitialisation du mot de passe n'est pas valide. Veuillez en demander un nouveau.",
    RESET_LINK_USED: "Ce lien de réinitialisation du mot de passe a déjà été utilisé. Veuillez en demander un nouveau.",
    RESET_LINK_EXPIRED: "Ce lien de réinitialisation du mot de passe a expiré. Veuillez en demander un nouveau.",
    DELETION_LINK_UNKNOWN: "Ce lien de suppression du compte n'est pas valide, ou le compte a déjà été supprimé.",
    DELETION_LINK_USED: "Ce lien de suppression du compte a déjà été utilisé.",
    DELETION_LINK_EXPIRED: "Ce lien de suppression du compte a expiré. Demandez-en un nouveau depuis la page de votre compte.",
    PASSKEY_UNKNOWN:
      "Cette clé d'accès n'est pas enregistrée chez nous, ou elle a été supprimée. Connectez-vous avec votre adresse e-mail, puis ajoutez à nouveau une clé d'accès.",
    PASSKEY_REFUSED: "Impossible de vérifier cette clé d'accès. Veuillez réessayer ou vous connecter avec votre adresse e-mail.",
    PASSKEY_EXPIRED: "Cette demande de clé d'accès a expiré ou a déjà été utilisée. Veuillez réessayer.",
    RECENT_SIGN_IN_REQUIRED: "Pour votre sécurité, veuillez d'abord confirmer votre identité.",
    PASSWORD_SET_IN_THIS_SESSION:
      "Un mot de passe défini depuis votre connexion ici ne peut pas confirmer votre identité. Recevez plutôt un code par e-mail.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "Pour votre sécurité, veuillez vous reconnecter, puis définir votre mot de passe.",
    NOT_ME_LINK_UNKNOWN: "Ce lien n'est pas valide. Ouvrez-le à nouveau depuis l'e-mail.",
    NOT_ME_LINK_USED: "Ce navigateur a déjà été déconnecté avec ce lien.",
    NOT_ME_LINK_EXPIRED: "Ce lien a expiré. Vous pouvez toujours déconnecter n'importe quel navigateur depuis la page de votre compte.",
    SAME_EMAIL: "C'est déjà votre adresse e-mail.",
    APPROVAL_UNAVAILABLE:
      "Cette connexion ne peut plus être approuvée depuis cette page. Connectez-vous plutôt sur cet appareil, ou demandez un nouveau lien.",
    APPROVAL_SAME_BROWSER: "C'est ce navigateur qui a demandé le lien : connectez-vous ici avec le bouton.",
    EMAIL_UNDELIVERABLE:
      "Notre e-mail à cette adresse n'a pas pu être remis, nous n'en avons donc pas envoyé d'autre. Utilisez une autre adresse e-mail ou connectez-vous autrement.",
    APPROVAL_WRONG_NUMBER:
      "Ce nombre ne correspondait pas, donc aucune connexion n'a eu lieu. Demandez un nouveau lien sur votre autre appareil.",
    EMAIL_CHANGE_LINK_UNKNOWN: "Ce lien n'est pas valide, ou le compte concerné n'existe plus. Ouvrez-le à nouveau depuis l'e-mail.",
    EMAIL_CHANGE_LINK_USED: "Cette modification d'adresse e-mail a déjà été confirmée.",
    EMAIL_CHANGE_LINK_EXPIRED: "Ce lien a expiré. Demandez à nouveau la modification depuis la page de votre compte.",
    EMAIL_CHANGE_CANCELLED: "Cette modification d'adresse e-mail a été annulée. Rien n'a été modifié.",
    EMAIL_CHANGE_REPLACED: "Une demande plus récente a remplacé celle-ci. Utilisez le lien du dernier e-mail reçu.",
    EMAIL_CHANGE_UNDONE: "Cette modification d'adresse e-mail a été annulée depuis l'ancienne adresse, qui a été rétablie.",
    EMAIL_CHANGE_SUPERSEDED: "Une modification d'adresse e-mail antérieure a été annulée : ce lien ne fonctionne donc plus.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "Cette modification a déjà été annulée.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "Ce lien a expiré, et la modification qu'il concernait ne peut plus être confirmée.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "La nouvelle adresse a déjà confirmé cette modification. Utilisez le lien d'annulation de l'e-mail « Votre adresse e-mail a été modifiée », envoyé à cette adresse.",
    EMAIL_UNDO_LINK_USED: "Cette modification a déjà été annulée, et l'ancienne adresse rétablie.",
    EMAIL_UNDO_LINK_EXPIRED: "Ce lien d'annulation a expiré. Contactez l'assistance pour récupérer votre compte.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "Vous nous avez déjà signalé cette modification. Notre équipe d'assistance s'en occupe.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED: "Ce lien a expiré. Si ce retour en arrière ne venait pas de vous, contactez l'assistance.",
    EMAIL_TAKEN_NOW: "Cette adresse appartient désormais à un autre compte : la modification ne peut pas être effectuée.",
    OLD_EMAIL_TAKEN:
      "Votre ancienne adresse appartient désormais à un autre compte : elle ne peut pas être rétablie. Contactez l'assistance.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "Ce lien n'est pas valide, ou la clé d'accès a déjà été supprimée.",
    PASSKEY_REMOVAL_LINK_USED: "Cette clé d'accès a déjà été supprimée.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "Ce lien a expiré. Vous pouvez toujours supprimer la clé d'accès depuis la page de votre compte.",
    DEVICE_NOT_FOUND: "Cet appareil n'est pas associé à votre compte.",
    BUSY: "Nous sommes très sollicités en ce moment. Veuillez réessayer dans un instant.",
    INTERNAL: "Un problème est survenu de notre côté. Veuillez réessayer dans un instant.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "Connexion",
    signInErrorTitle: "Erreur de connexion",
    signInErrorHeading: "Nous n'avons pas pu terminer cette connexion",
    signInErrorRetry: "Revenez dans l'application et réessayez.",
    signInExpiredTitle: "Connexion expirée",
    signInExpiredHeading: "Cette connexion a expiré",
    signInExpiredText: "Revenez dans l'application et reconnectez-vous.",
    loggingOut: "Déconnexion en cours",
    logoutQuestion: "Voulez-vous vous déconnecter ?",
    logOut: "Se déconnecter",
  },
};
