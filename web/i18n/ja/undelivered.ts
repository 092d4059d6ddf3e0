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
    title: "メールを配信できませんでした",
    notDelivered: "次のアドレスにメールを配信できませんでした：",
    notDeliveredAfter: "",
    reasons: {
      no_mailbox:
        "受信側のメールサーバーから、このメールボックスは存在しないと通知がありました。アドレスに入力間違いがないかご確認ください。",
      mailbox_full: "受信側のメールサーバーから、メールボックスの容量がいっぱいだと通知がありました。",
      blocked: "受信側のメールサーバーによってメールがブロックされました。",
      other: "受信側のメールサーバーがメールを受け付けませんでした。",
    },
    otherWays: "別の方法でログインすることもできます：",
    password: "パスワードでログイン",
    support: "お困りの場合は、サポートにお問い合わせください。",
    supportWithReference: "お困りの場合は、次の参照番号を添えてサポートにお問い合わせください。",
    reference: "参照番号：",
  },
};
