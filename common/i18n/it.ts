import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in Italian, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/it.ts, web/i18n/it/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("it", count, { one: "# giorno", many: "# di giorni", other: "# giorni" }),
  hours: (count: number) => plural("it", count, { one: "# ora", many: "# di ore", other: "# ore" }),
  minutes: (count: number) => plural("it", count, { one: "# minuto", many: "# di minuti", other: "# minuti" }),
  seconds: (count: number) => plural("it", count, { one: "# secondo", many: "# di secondi", other: "# secondi" }),
};
