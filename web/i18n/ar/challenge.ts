import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "نتحقق من أنك شخص حقيقي",
    working: "لن يستغرق ذلك سوى ثانية.",
    widget: "أكمل التحقق أدناه للمتابعة.",
    progress: "جارٍ التحقق",
    cancel: "إلغاء",
    cancelled: "أُلغي التحقق، لذا لم يُرسَل أي شيء. حاول مرة أخرى عندما تكون مستعدًا.",
    unavailable: "تعذّر علينا التحقق من أنك شخص حقيقي الآن. حاول مرة أخرى بعد بضع دقائق، أو سجّل الدخول بطريقة أخرى.",
  },
};
