import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in Brazilian Portuguese, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/pt-BR.ts, web/i18n/pt-BR/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) => plural("pt-BR", count, { one: "# dia", many: "# de dias", other: "# dias" }),
  hours: (count: number) => plural("pt-BR", count, { one: "# hora", many: "# de horas", other: "# horas" }),
  minutes: (count: number) => plural("pt-BR", count, { one: "# minuto", many: "# de minutos", other: "# minutos" }),
  seconds: (count: number) => plural("pt-BR", count, { one: "# segundo", many: "# de segundos", other: "# segundos" }),
};

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "A senha é obrigatória",
  tooShort: "A nova senha deve ter pelo menos 8 caracteres",
  tooLong: `A nova senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres`,
  confirmRequired: "Confirme a senha",
  mismatch: "As senhas não coincidem",
  common: "Essa senha é muito comum. Escolha outra",
};
