import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/sign-up.ts";
import { strings as shared } from "./shared.ts";

/** The sign-up notification. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  signUp: {
    title: "今すぐ登録しましょう",
    message: "アカウントを作成して、サービスのご利用を始めましょう。",
    createAccount: shared.login.createAccount,
    hideNotifications: "今後、このお知らせやその他の通知を表示しない",
    logIn: "ログインはこちら",
    uninstall: "アンインストール手順",
    loading: "読み込んでいます...",
    settingFailed: (statusText: string) => `設定を更新できませんでした：${statusText}`,
    thisBrowserOnly: "ソフトウェアのデバイスIDがないため、この設定はこのブラウザーにのみ適用されます。",
  },
};
