import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "انضم إلينا اليوم!",
    message: "أنشئ حسابًا لتبدأ في استخدام خدماتنا.",
    createAccount: shared.login.createAccount,
    hideNotifications: "لا أريد رؤية هذا الإشعار أو أي إشعارات في المستقبل",
    logIn: "انقر هنا لتسجيل الدخول",
    uninstall: "تعليمات إلغاء التثبيت",
    loading: "جارٍ التحميل...",
    settingFailed: (statusText: string) => `تعذّر تحديث الإعدادات: ${statusText}`,
    thisBrowserOnly: "بدون معرّف الجهاز الخاص بالبرنامج، لا ينطبق هذا الإعداد إلا على هذا المتصفح.",
  },
};
