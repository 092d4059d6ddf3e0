import { type Catalogue, plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/**
 * Every string a customer reads, in Arabic (Modern Standard Arabic, addressing the user in the
 * masculine-neutral form usual in software). Terms: docs/languages/ar.md.
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk.
 */
export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "داكن" or "فاتح", for the toggle's name: "التبديل إلى مظهر داكن". */
    switchToBefore: "التبديل إلى مظهر ",
    switchToAfter: "",
    dark: "داكن",
    light: "فاتح",
  },
  loading: {
    text: "جارٍ تحميل البرنامج...",
    /** Read while a screen's code is on its way. */
    screen: "جارٍ التحميل...",
  },
  login: {
    title: "تسجيل دخول العملاء",
    continueWithGoogle: "المتابعة باستخدام Google",
    continueWithMicrosoft: "المتابعة باستخدام Microsoft",
    or: "أو",
    emailLabelWithSocial: "استخدام بريد إلكتروني آخر",
    emailLabel: "أدخل بريدك الإلكتروني",
    continue: "متابعة",
    accountNotFound: "لم يتم العثور على الحساب",
    accountNotFoundText: (email: string) => `لم نعثر على حساب للبريد الإلكتروني ${email}.`,
    tryAnotherEmail: "تجربة بريد إلكتروني آخر",
    createAccount: "إنشاء حسابك",
    captchaFailed: "تعذّر تسجيل الدخول",
    unexpectedError: "حدث خطأ ما. يُرجى المحاولة مرة أخرى بعد قليل.",
    passkey: "الدخول بمفتاح مرور",
    passkeyUnavailable: "لا يمكن لهذا المتصفح استخدام مفتاح مرور في هذه الصفحة. تابع باستخدام بريدك الإلكتروني بدلاً من ذلك.",
  },
  checkEmail: {
    title: "تحقق من بريدك الإلكتروني",
    /** Around the address, which is shown in bold: "أرسلنا رابط دخول شخصيًا إلى <b>you@…</b>." */
    sent: "أرسلنا رابط دخول شخصيًا إلى",
    sentAfter: ".",
    /** The link's lifetime: "يوم واحد", "يومين", "3 أيام", "11 يومًا". */
    expires: (days: number) =>
      `تنتهي صلاحية الرابط خلال ${plural("ar", days, { zero: "# يوم", one: "يوم واحد", two: "يومين", few: "# أيام", many: "# يومًا", other: "# يوم" })}.`,
    spam: "إذا لم تجد الرسالة، فتحقق من مجلد البريد العشوائي أو الرسائل غير المرغوب فيها.",
    slow: "يستغرق هذا وقتًا أطول من المعتاد. ما زلنا نحاول تسليم الرسالة.",
    useAnotherEmail: "استخدام بريد إلكتروني آخر",
    resend: "إعادة الإرسال",
    resendIn: (seconds: number) =>
      plural("ar", seconds, {
        zero: "إعادة الإرسال بعد # ثانية",
        one: "إعادة الإرسال بعد ثانية واحدة",
        two: "إعادة الإرسال بعد ثانيتين",
        few: "إعادة الإرسال بعد # ثوانٍ",
        many: "إعادة الإرسال بعد # ثانية",
        other: "إعادة الإرسال بعد # ثانية",
      }),
    resent: "أرسلنا رابطًا آخر.",
    codeLabel: "هل تقرأ الرسالة على جهاز آخر؟ اكتب الرمز المكوّن من 6 أرقام",
    codeSubmit: "تسجيل الدخول",
    codeIncomplete: "اكتب الأرقام الستة الواردة في الرسالة",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "هل تفتح الرابط على هاتفك؟ أدخل هذا الرقم هناك لتسجيل الدخول هنا:",
    approvalRefused: "تم إدخال رقم خاطئ على جهازك الآخر، لذا لم يتم تسجيل دخول أحد. اطلب رابطًا جديدًا.",
    approvalUsedElsewhere: "تم استخدام الرابط على جهاز آخر.",
  },
  validation: {
    emailRequired: "البريد الإلكتروني مطلوب",
    emailInvalid: "يُرجى إدخال عنوان بريد إلكتروني صالح",
    passwordRequired: "كلمة المرور مطلوبة",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "عنوان البريد الإلكتروني غير صالح",
  },
  fields: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    newPassword: "كلمة المرور الجديدة",
    confirmPassword: "تأكيد كلمة المرور",
    show: "إظهار",
    hide: "إخفاء",
    /** The show/hide button's name, with the field's label: "إظهار كلمة المرور", "إخفاء تأكيد كلمة المرور". */
    showField: (label: string) => `إظهار ${label}`,
    hideField: (label: string) => `إخفاء ${label}`,
    close: "إغلاق",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "المعلومات القانونية",
    privacy: "سياسة الخصوصية",
    eula: "اتفاقية الترخيص",
    terms: "الشروط والأحكام",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "اللغة",
  },
  failure: {
    title: "حدث خطأ ما",
    text: "تعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى.",
    retry: "إعادة المحاولة",
  },
};
