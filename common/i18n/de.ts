import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in German, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/de.ts, web/i18n/de/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("de", count, { one: "# Tag", other: "# Tage" }),
  hours: (count: number) => plural("de", count, { one: "# Stunde", other: "# Stunden" }),
  minutes: (count: number) => plural("de", count, { one: "# Minute", other: "# Minuten" }),
  seconds: (count: number) => plural("de", count, { one: "# Sekunde", other: "# Sekunden" }),
};
