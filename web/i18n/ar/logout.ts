import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "جارٍ تسجيل خروجك",
    failedTitle: "تعذّر تسجيل خروجك",
    failedText:
      "تعذّر إنهاء جلسة تسجيل الدخول لأن الخادم لم يستجب. ما زلت مسجّلًا الدخول على هذا المتصفح. تحقق من اتصالك بالإنترنت وحاول مرة أخرى.",
    tryAgain: "إعادة المحاولة",
    leaveSignedIn: (brand: string) => `الانتقال إلى ${brand} بدون تسجيل الخروج`,
  },
};
