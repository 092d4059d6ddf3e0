import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
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

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "パスワードを入力してください",
  tooShort: "新しいパスワードは8文字以上で入力してください",
  tooLong: `新しいパスワードは${MAX_PASSWORD_LENGTH}文字以内で入力してください`,
  confirmRequired: "確認用のパスワードを入力してください",
  mismatch: "パスワードが一致しません",
  common: "このパスワードはよく使われているため使用できません",
};
