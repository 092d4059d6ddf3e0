import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `جارٍ تسجيل دخولك إلى ${brand}`,
    hint: "سيُفتح البرنامج بعد لحظات، ويمكنك إغلاق هذه النافذة بأمان",
    nextStep: {
      permission: (brand: string) => `ابحث عن ${brand} على هذا الكمبيوتر، ثم اختر «السماح» عندما يسألك المتصفح.`,
      denied: "اسمح لهذا الموقع بالوصول إلى شبكتك المحلية، ثم أعد تحميل هذه الصفحة.",
      notFound: (brand: string) => `ثبّت ${brand} أو افتحه على هذا الكمبيوتر، ثم أعد المحاولة.`,
      checkFailed: (brand: string) => `افتح ${brand} على هذا الكمبيوتر، ثم أعد المحاولة.`,
    },
  },
  agent: {
    looking: (brand: string) => `جارٍ البحث عن ${brand} على هذا الكمبيوتر...`,
    permissionWhy: (brand: string) =>
      `لفتح ${brand}، تحتاج هذه الصفحة إلى الوصول إلى البرنامج على هذا الكمبيوتر. سيسألك المتصفح عمّا إذا كنت تسمح لهذا الموقع بالوصول إلى الأجهزة على شبكتك المحلية: اختر «السماح».`,
    findButton: (brand: string) => `البحث عن ${brand} على هذا الكمبيوتر`,
    denied: (brand: string) =>
      `منع المتصفح هذه الصفحة من الوصول إلى ${brand} على هذا الكمبيوتر. اسمح لهذا الموقع بالوصول إلى شبكتك المحلية من إعدادات الموقع في المتصفح، ثم أعد تحميل هذه الصفحة، أو افتح ${brand} من جهاز الكمبيوتر.`,
    notFound: (brand: string) =>
      `لم نعثر على ${brand} على هذا الكمبيوتر. إذا لم يكن مثبّتًا، فنزّله من الرابط أدناه؛ وإذا كان مثبّتًا، فافتحه من جهاز الكمبيوتر.`,
    download: (brand: string) => `تنزيل ${brand}`,
    badUuid: "فُتحت هذه الصفحة بدون معرّف جهاز صالح، لذا لا يمكنها الوصول إلى البرنامج على هذا الكمبيوتر. يُرجى فتحها مرة أخرى من البرنامج.",
    checkFailed: (brand: string) => `تم العثور على ${brand} لكنه لم يستجب. يُرجى فتحه من جهاز الكمبيوتر.`,
    asked: (brand: string) => `من المفترض أن يكون ${brand} مفتوحًا الآن على هذا الكمبيوتر.`,
    openAgain: "إعادة الفتح",
    tryAgain: "إعادة المحاولة",
    signInInstead: "تسجيل الدخول باستخدام بريدك الإلكتروني",
  },
};
