import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "Wir prüfen, ob Sie ein Mensch sind",
    working: "Das dauert nur einen Moment.",
    widget: "Schließen Sie die Prüfung unten ab, um fortzufahren.",
    progress: "Wird geprüft",
    cancel: "Abbrechen",
    cancelled: "Die Prüfung wurde abgebrochen, es wurde nichts gesendet. Versuchen Sie es erneut, wenn Sie bereit sind.",
    unavailable:
      "Wir konnten gerade nicht prüfen, ob Sie ein Mensch sind. Versuchen Sie es in ein paar Minuten erneut oder melden Sie sich auf andere Weise an.",
  },
};
