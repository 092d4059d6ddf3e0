import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/challenge.ts";

/** The human check (decision 93): loaded with the check's code, only when a request is asked for one. */
export const strings: Catalogue<typeof english> = {
  challenge: {
    title: "人による操作かを確認しています",
    working: "数秒で終わります。",
    widget: "続行するには、下の確認を完了してください。",
    progress: "確認中",
    cancel: "キャンセル",
    cancelled: "確認がキャンセルされたため、何も送信されていません。準備ができたら、もう一度お試しください。",
    unavailable: "現在、人による操作かを確認できません。数分後にもう一度お試しいただくか、別の方法でログインしてください。",
  },
};
