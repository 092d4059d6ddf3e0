import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in Japanese, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/ja.ts, web/i18n/ja/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("ja", count, { other: "#日" }),
  hours: (count: number) => plural("ja", count, { other: "#時間" }),
  minutes: (count: number) => plural("ja", count, { other: "#分" }),
  seconds: (count: number) => plural("ja", count, { other: "#秒" }),
};
