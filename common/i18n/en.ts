import { PASSWORD_MESSAGES, type PasswordMessages } from "../password-rules.ts";
import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in English, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/en.ts, web/i18n/en/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("en", count, { one: "# day", other: "# days" }),
  hours: (count: number) => plural("en", count, { one: "# hour", other: "# hours" }),
  minutes: (count: number) => plural("en", count, { one: "# minute", other: "# minutes" }),
  seconds: (count: number) => plural("en", count, { one: "# second", other: "# seconds" }),
};

/** What a new password breaks (SPEC section 5), as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = PASSWORD_MESSAGES;
