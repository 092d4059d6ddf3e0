import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "تسجيل الدخول إلى حسابك",
    text: "يُرجى إدخال بريدك الإلكتروني وكلمة المرور.",
    forgot: "هل نسيت كلمة المرور؟",
    login: "تسجيل الدخول",
    createAccount: "إنشاء حساب",
  },
  maverickPasswordLogin: {
    title: "تسجيل الدخول",
    continue: "متابعة",
    emailLink: "إرسال رابط دخول إلى بريدي الإلكتروني",
  },
};
