import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "Vérification que vous êtes une personne",
    working: "Cela ne prend qu'une seconde.",
    widget: "Effectuez la vérification ci-dessous pour continuer.",
    progress: "Vérification en cours",
    cancel: "Annuler",
    cancelled: "La vérification a été annulée : rien n'a été envoyé. Réessayez quand vous serez prêt.",
    unavailable:
      "Nous n'avons pas pu vérifier que vous êtes une personne. Réessayez dans quelques minutes ou connectez-vous d'une autre manière.",
  },
};
