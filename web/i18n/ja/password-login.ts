import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/password-login.ts";
import { strings as shared } from "./shared.ts";

/** The password sign-in screens of both brands. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passwordLogin: {
    title: "アカウントにログイン",
    text: "メールアドレスとパスワードを入力してください。",
    forgot: "パスワードをお忘れですか？",
    login: "ログイン",
    createAccount: "アカウントを作成",
  },
  maverickPasswordLogin: {
    title: "ログイン",
    continue: "続行",
    emailLink: "ログイン用リンクをメールで受け取る",
  },
};
