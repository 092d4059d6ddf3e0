import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../../common/i18n/ja.ts";
import type { strings as english } from "../en/passwords.ts";
import { strings as shared } from "./shared.ts";

/** The screens that ask for, reset and set a password. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** Units of time, for a lifetime said in words (common/i18n/catalogue.ts, sayDuration): "1時間". */
  duration: durations,
  passwordRules,
  forgotPassword: {
    title: "パスワードの再設定",
    text: "アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。",
    sendEmail: "メールを送信",
    failed: "リクエストの送信中にエラーが発生しました。",
  },
  forgotPasswordConfirmation: {
    title: "パスワード再設定メールを送信しました",
    expires: (time: string) => `メール内のリンクの有効期限は${time}です`,
    check: "受信トレイを確認し、メール内のリンクをクリックして新しいパスワードを設定してください。",
    backToLogin: "ログイン画面に戻る",
  },
  resetPassword: {
    title: "新しいパスワードの設定",
    save: "パスワードを保存",
    checking: "リンクを確認しています...",
    usedTitle: "このリンクは使用済みです",
    usedText: "パスワード再設定リンクは1回だけ使用できます。新しいリンクをリクエストすると、メールでお送りします。",
    expiredTitle: "このリンクは有効期限切れです",
    expiredText:
      "セキュリティ保護のため、パスワード再設定リンクには有効期限があります。新しいリンクをリクエストすると、メールでお送りします。",
    unknownTitle: "このリンクは無効です",
    unknownText:
      "リンクが不完全な可能性があります。一部のメールソフトでは、長いリンクが途中で切れてしまうことがあります。新しいリンクをリクエストすると、メールでお送りします。",
    newLink: "新しいリンクを受け取る",
    removePasskeys: {
      legend: "次のパスキーも削除する",
      hint: "過去30日間に追加されたパスキーにはチェックが入っています。第三者がログインしていた場合、パスキーを追加した可能性があります。",
      passkey: (name: string, added: string) => `${name}（追加日時：${added}）`,
    },
  },
  resetPasswordConfirmation: {
    title: "パスワードを再設定しました",
    text: "新しいパスワードを保存しました。次回ログインするときからお使いください。",
    login: "ログイン",
  },
  setPassword: {
    title: "パスワードの設定",
    text: "パスワードが設定されていません。セキュリティ保護のため、パスワードを設定してください。",
    save: "パスワードを保存",
    serverError: "エラーが発生しました。もう一度お試しください。",
  },
  setPasswordConfirmation: {
    title: "新しいパスワードを設定しました",
    /** Around the brand name in bold: "DS Oneのパスワードを保存しました。…" */
    before: "",
    after: "のパスワードを保存しました。次回からアプリケーションにログインする際は、入力した新しいパスワードをお使いください。",
    login: "ログイン",
  },
};
