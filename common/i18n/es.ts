import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
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

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "La contraseña es obligatoria",
  tooShort: "La contraseña nueva debe tener al menos 8 caracteres",
  tooLong: `La contraseña nueva debe tener como máximo ${MAX_PASSWORD_LENGTH} caracteres`,
  confirmRequired: "Confirma la contraseña",
  mismatch: "Las contraseñas no coinciden",
  common: "Esa contraseña es demasiado común: elige otra",
};
