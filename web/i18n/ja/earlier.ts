import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/earlier.ts";

/** The earlier account area's messages (SPEC section 8), in Japanese. */
export const strings: Catalogue<typeof english> = {
  earlier: {
    loginInvalid: "メールアドレスまたはパスワードが正しくありません",
    loginFailed: "ログイン中にエラーが発生しました",
    setPasswordFailed: "パスワードの設定中にエラーが発生しました",
    fetchUserEmpty: "ログインしているユーザーの情報を取得できませんでした",
    requestFailed: "リクエストの送信中にエラーが発生しました。",
  },
};
