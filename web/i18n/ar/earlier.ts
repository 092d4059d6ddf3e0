import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8). */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "عنوان البريد الإلكتروني أو كلمة المرور غير صحيحة",
    loginFailed: "حدث خطأ أثناء محاولة تسجيل الدخول",
    setPasswordFailed: "حدث خطأ أثناء محاولة تعيين كلمة المرور",
    fetchUserEmpty: "حدث خطأ أثناء محاولة جلب بيانات المستخدم الذي سجّل الدخول",
    requestFailed: "حدث خطأ أثناء إرسال الطلب.",
  },
};
