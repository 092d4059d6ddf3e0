import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "جارٍ تحميل Maverick Safe",
  },
  maverickGoodbye: {
    title: "يؤسفنا رحيلك",
    uninstalled: "تم إلغاء تثبيت Maverick Safe من متصفحك.",
    tryAgain: "هل غيّرت رأيك؟ يسعدنا أن تمنح Maverick Safe فرصة أخرى.",
    download: "تنزيل Maverick Safe مرة أخرى",
    removeExtension: "كيفية إزالة إضافة المتصفح",
    removeExtensionText: "إذا كانت إضافة Maverick Safe لا تزال في متصفحك، فستجد في هذه التعليمات طريقة إزالتها.",
  },
};
