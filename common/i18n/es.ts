import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in Spanish, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/es.ts, web/i18n/es/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("es", count, { one: "# día", many: "# de días", other: "# días" }),
  hours: (count: number) => plural("es", count, { one: "# hora", many: "# de horas", other: "# horas" }),
  minutes: (count: number) => plural("es", count, { one: "# minuto", many: "# de minutos", other: "# minutos" }),
  seconds: (count: number) => plural("es", count, { one: "# segundo", many: "# de segundos", other: "# segundos" }),
};
