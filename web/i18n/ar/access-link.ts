import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `تسجيل الدخول إلى ${brand}`,
    text: "لقد فتحت رابط الدخول الشخصي الخاص بك. اضغط على الزر لإكمال تسجيل الدخول.",
    signIn: "تسجيل الدخول",
    signingIn: "جارٍ تسجيل دخولك...",
    usedTitle: "سبق استخدام هذا الرابط",
    usedText: "يصلح كل رابط دخول لتسجيل الدخول مرة واحدة فقط. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    expiredTitle: "انتهت صلاحية هذا الرابط",
    expiredText: "حفاظًا على أمانك، تنتهي صلاحية روابط الدخول بعد مدة. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    unknownTitle: "هذا الرابط غير صالح",
    unknownText:
      "ربما يكون الرابط ناقصًا، فبعض برامج البريد الإلكتروني تقطع الروابط الطويلة. اطلب رابطًا جديدًا وسنرسله إلى بريدك الإلكتروني.",
    newLink: "إرسال رابط جديد",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "تسجيل الدخول على جهازك الآخر؟",
    approveWhat: (device: string, network: string, when: string) => `${device}، بالقرب من ${network}، طلب تسجيل الدخول ${when}.`,
    approveForDesktopApp: (brand: string) => `الطلب لتطبيق ${brand} لسطح المكتب.`,
    approveForWebApp: (brand: string) => `الطلب لـ ${brand} على الويب.`,
    approveForSite: (brand: string, host: string) => `الطلب لـ ${brand} على ${host}.`,
    approveNotYou: "إذا لم تطلب هذا للتو على جهاز آخر، فلا تفعل شيئًا.",
    approveDigitsLabel: "الرقمان الظاهران على ذلك الجهاز",
    approveDigitsIncomplete: "أدخل الرقمين الظاهرين على ذلك الجهاز.",
    approveSubmit: "تسجيل الدخول على ذلك الجهاز",
    thisDeviceInstead: "تسجيل الدخول على هذا الجهاز بدلًا من ذلك",
    unknownBrowser: "متصفح",
    unknownBrowserInSentence: "متصفح غير معروف",
    browserOn: (browser: string, system: string) => `${browser} على ${system}`,
    approvedTitle: "تم",
    approved: (device: string) => `تم. لقد سجّلت الدخول على ${device}.`,
    approvedHere: "لم يتم تسجيل الدخول على هذا الجهاز.",
  },
};
