import { durations, passwordRules } from "../../../common/i18n/ar.ts";
import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration). */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "هل نسيت كلمة المرور؟",
    text: "أدخل البريد الإلكتروني لحسابك وسنرسل إليك رابطًا لتعيين كلمة مرور جديدة.",
    sendEmail: "إرسال الرابط",
    failed: "حدث خطأ أثناء إرسال الطلب.",
  },
  forgotPasswordConfirmation: {
    title: "تم إرسال رسالة إعادة تعيين كلمة المرور",
    expires: (time: string) => `تنتهي صلاحية الرابط المُرسل خلال ${time}`,
    check: "تحقق من صندوق الوارد وانقر على الرابط لتعيين كلمة مرور جديدة.",
    backToLogin: "العودة إلى تسجيل الدخول",
  },
  resetPassword: {
    title: "تعيين كلمة مرور جديدة",
    save: "حفظ كلمة المرور",
    checking: "جارٍ التحقق من الرابط...",
    usedTitle: "سبق استخدام هذا الرابط",
    usedText: "يصلح كل رابط لإعادة تعيين كلمة المرور مرة واحدة فقط. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    expiredTitle: "انتهت صلاحية هذا الرابط",
    expiredText: "حفاظًا على أمانك، تنتهي صلاحية روابط إعادة تعيين كلمة المرور بعد مدة. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    unknownTitle: "هذا الرابط غير صالح",
    unknownText:
      "ربما يكون الرابط ناقصًا، فبعض برامج البريد الإلكتروني تقطع الروابط الطويلة. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    newLink: "إرسال رابط جديد",
    removePasskeys: {
      legend: "إزالة مفاتيح المرور هذه أيضًا",
      hint: "تم تحديد مفاتيح المرور المضافة خلال آخر 30 يومًا: إذا كان شخص آخر قد سجّل الدخول إلى حسابك، فربما أضاف أحدها.",
      passkey: (name: string, added: string) => `${name}، أُضيف في ${added}`,
    },
  },
  resetPasswordConfirmation: {
    title: "تمت إعادة تعيين كلمة المرور!",
    text: "حفظنا كلمة المرور الجديدة. استخدمها في المرة القادمة التي تسجّل فيها الدخول.",
    login: "تسجيل الدخول",
  },
  setPassword: {
    title: "تعيين كلمة المرور",
    text: "ليست لديك كلمة مرور. حفاظًا على أمانك، يُرجى إنشاء واحدة.",
    save: "حفظ كلمة المرور",
    serverError: "حدث خطأ. يُرجى المحاولة مرة أخرى.",
  },
  setPasswordConfirmation: {
    title: "تم تعيين كلمة المرور الجديدة!",
    /** Around the product name in bold: "حفظنا كلمة مرورك في DS One. ..." */
    before: "حفظنا كلمة مرورك في ",
    after: ". يُرجى استخدام كلمة المرور الجديدة التي أدخلتها لتسجيل الدخول إلى التطبيق.",
    login: "تسجيل الدخول",
  },
};
