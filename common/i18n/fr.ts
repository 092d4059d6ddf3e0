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
