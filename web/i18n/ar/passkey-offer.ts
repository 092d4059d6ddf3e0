import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "Sign In Faster Next Time": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "تسجيل دخول أسرع في المرة القادمة",
    text: "في المرة القادمة، سجّل الدخول ببصمة إصبعك أو بوجهك أو بقفل الشاشة بدلًا من انتظار رسالة بريد إلكتروني. يبقى مفتاح المرور على جهازك ولا يعمل إلا على مواقعنا.",
    create: "استخدام مفتاح مرور",
    notNow: "ليس الآن",
    continuing: "جارٍ تسجيل دخولك",
  },
};
