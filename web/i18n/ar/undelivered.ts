import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/undelivered.ts";
import { strings as shared } from "./shared.ts";

/**
 * "Email Not Delivered": what the sign-in screens say when our mail to the address did not arrive
 * (docs/decisions/0087). Loaded with its panel, only when it is shown.
 */
export const strings: Catalogue<typeof english> = {
  ...shared,
  undelivered: {
    title: "لم يتم تسليم الرسالة",
    notDelivered: "تعذّر تسليم رسالتنا إلى",
    notDeliveredAfter: ".",
    reasons: {
      no_mailbox: "أفاد خادم البريد المستلم بعدم وجود صندوق بريد بهذا العنوان. تحقق من كتابة العنوان بشكل صحيح.",
      mailbox_full: "أفاد خادم البريد المستلم بأن صندوق البريد ممتلئ.",
      blocked: "حظر خادم البريد المستلم رسالتنا.",
      other: "لم يقبل خادم البريد المستلم الرسالة.",
    },
    otherWays: "أو سجّل الدخول بطريقة أخرى:",
    password: "الدخول بكلمة المرور",
    support: "هل تحتاج إلى مساعدة؟ تواصل مع فريق الدعم لدينا.",
    supportWithReference: "هل تحتاج إلى مساعدة؟ تواصل مع فريق الدعم لدينا واذكر هذا الرقم المرجعي.",
    reference: "الرقم المرجعي:",
  },
};
