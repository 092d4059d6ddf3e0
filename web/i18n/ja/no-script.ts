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
      "パスワード、Google、またはMicrosoftでログインするには、JavaScriptが必要です。メールで届くリンクはJavaScriptなしで使えます。",
    title: "JavaScriptを有効にしてください",
    text: "このページにはJavaScriptが必要です。ブラウザーの設定でJavaScriptを有効にしてから、ページを再読み込みしてください。",
    emailInstead: "または、メールで届くリンクでログインしてください。こちらはJavaScriptなしで使えます。",
    signInByEmail: "メールのリンクでログイン",
    checkEmailText: "メール内のリンクを開いて、ログインを完了してください。",
  },
};
