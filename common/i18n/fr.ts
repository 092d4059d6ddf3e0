import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in French, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/fr.ts, web/i18n/fr/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("fr", count, { one: "# jour", many: "# de jours", other: "# jours" }),
  hours: (count: number) => plural("fr", count, { one: "# heure", many: "# d'heures", other: "# heures" }),
  minutes: (count: number) => plural("fr", count, { one: "# minute", many: "# de minutes", other: "# minutes" }),
  seconds: (count: number) => plural("fr", count, { one: "# seconde", many: "# de secondes", other: "# secondes" }),
};

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "Le mot de passe est obligatoire",
  tooShort: "Le nouveau mot de passe doit comporter au moins 8 caractères",
  tooLong: `Le nouveau mot de passe doit comporter au plus ${MAX_PASSWORD_LENGTH} caractères`,
  confirmRequired: "La confirmation du mot de passe est obligatoire",
  mismatch: "Les mots de passe ne correspondent pas",
  common: "Ce mot de passe est trop courant : choisissez-en un autre",
};
