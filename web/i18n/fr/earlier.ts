import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8), in French. */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "Adresse e-mail ou mot de passe non valide",
    loginFailed: "Une erreur s'est produite lors de la connexion",
    setPasswordFailed: "Une erreur s'est produite lors de la définition du mot de passe",
    fetchUserEmpty: "Une erreur s'est produite lors du chargement de votre compte",
    requestFailed: "Une erreur s'est produite lors de l'envoi de la demande.",
  },
};
