import { MAX_PASSWORD_LENGTH, type PasswordMessages } from "../password-rules.ts";
import { type DurationUnits, plural } from "./catalogue.ts";

/**
 * Units of time in Arabic, as a sentence says them: the server's mails and the app's screens
 * (server/i18n/ar.ts, web/i18n/ar/passwords.ts) say a lifetime alike.
 */
export const durations: DurationUnits = {
  days: (count: number) =>
    plural("ar", count, { zero: "# يوم", one: "يوم واحد", two: "يومين", few: "# أيام", many: "# يومًا", other: "# يوم" }),
  hours: (count: number) =>
    plural("ar", count, { zero: "# ساعة", one: "ساعة واحدة", two: "ساعتين", few: "# ساعات", many: "# ساعة", other: "# ساعة" }),
  minutes: (count: number) =>
    plural("ar", count, {
      zero: "# دقيقة",
      one: "دقيقة واحدة",
      two: "دقيقتين",
      few: "# دقائق",
      many: "# دقيقة",
      other: "# دقيقة",
    }),
  seconds: (count: number) =>
    plural("ar", count, {
      zero: "# ثانية",
      one: "ثانية واحدة",
      two: "ثانيتين",
      few: "# ثوانٍ",
      many: "# ثانية",
      other: "# ثانية",
    }),
};

/** What a new password breaks, as the set and reset forms and the server say it. */
export const passwordRules: PasswordMessages = {
  required: "كلمة المرور مطلوبة",
  tooShort: "يجب ألا تقل كلمة المرور الجديدة عن 8 أحرف",
  tooLong: `يجب ألا تزيد كلمة المرور الجديدة على ${MAX_PASSWORD_LENGTH} حرفًا`,
  confirmRequired: "يُرجى تأكيد كلمة المرور",
  mismatch: "كلمتا المرور غير متطابقتين",
  common: "كلمة المرور هذه شائعة جدًا، يُرجى اختيار كلمة أخرى",
};
