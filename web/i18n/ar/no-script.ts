import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/no-script.ts";
import { strings as accessLink } from "./access-link.ts";

/**
 * What a browser without JavaScript is shown (web/no-script/): the emailed link works without it,
 * everything else says what needs it. Rendered on the server only, never part of the app's chunks.
 */
export const strings: Catalogue<typeof english> = {
  ...accessLink,
  noScript: {
    loginHint:
      "يتطلب تسجيل الدخول بكلمة مرور أو باستخدام Google أو Microsoft تفعيل JavaScript. أما الرابط المُرسل بالبريد الإلكتروني فيعمل بدونها.",
    title: "يُرجى تفعيل JavaScript",
    text: "تتطلب هذه الصفحة JavaScript. فعّلها من إعدادات المتصفح، ثم أعد تحميل الصفحة.",
    emailInstead: "أو سجّل الدخول برابط يُرسل إلى بريدك الإلكتروني، فهو يعمل بدون JavaScript.",
    signInByEmail: "تسجيل الدخول برابط بالبريد الإلكتروني",
    checkEmailText: "افتح الرابط الوارد في الرسالة لإكمال تسجيل الدخول.",
  },
};
