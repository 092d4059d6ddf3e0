import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
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

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "Das Passwort ist ein Pflichtfeld",
  tooShort: "Das neue Passwort muss mindestens 8 Zeichen lang sein",
  tooLong: `Das neue Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein`,
  confirmRequired: "Die Passwortbestätigung ist ein Pflichtfeld",
  mismatch: "Die Passwörter stimmen nicht überein",
  common: "Dieses Passwort ist zu verbreitet und leicht zu erraten: Wählen Sie ein anderes",
};
