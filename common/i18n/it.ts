import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
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

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "La password è obbligatoria",
  tooShort: "La nuova password deve contenere almeno 8 caratteri",
  tooLong: `La nuova password può contenere al massimo ${MAX_PASSWORD_LENGTH} caratteri`,
  confirmRequired: "Conferma la password",
  mismatch: "Le password non coincidono",
  common: "Questa password è troppo comune: scegline un'altra",
};
