import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import { plural } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/shared.ts";

/**
 * Every string a customer reads, in Japanese (polite です/ます; terms in docs/languages/ja.md).
 *
 * This file holds what the login screen and every screen share, so it is part of the app's
 * entry chunk. Each other screen's strings are in ja/, beside that screen's code in its own
 * chunk: a visitor to the login downloads none of them.
 */
export const strings: Catalogue<typeof english> = {
  brand: {
    dsone: "DS One",
    maverick: "Maverick Safe",
  },
  theme: {
    /** Around the visible "ダーク" or "ライト", for the toggle's name: "ダークテーマに切り替え". */
    switchToBefore: "",
    switchToAfter: "テーマに切り替え",
    dark: "ダーク",
    light: "ライト",
  },
  loading: {
    text: "ソフトウェアを読み込んでいます...",
    /** Read while a screen's code is on its way. */
    screen: "読み込んでいます...",
  },
  login: {
    title: "お客様ログイン",
    continueWithGoogle: "Googleで続行",
    continueWithMicrosoft: "Microsoftで続行",
    or: "または",
    emailLabelWithSocial: "別のメールアドレスを使用",
    emailLabel: "メールアドレスを入力",
    continue: "続行",
    accountNotFound: "アカウントが見つかりません",
    accountNotFoundText: (email: string) => `${email}のアカウントが見つかりませんでした。`,
    tryAnotherEmail: "別のメールアドレスを試す",
    createAccount: "アカウントを作成",
    captchaFailed: "ログインに失敗しました",
    unexpectedError: "問題が発生しました。しばらくしてからもう一度お試しください。",
    passkey: "パスキーでログイン",
    passkeyUnavailable: "このブラウザではこのページでパスキーを使用できません。代わりにメールアドレスで続行してください。",
  },
  checkEmail: {
    title: "メールをご確認ください",
    /** Around the address, which is shown in bold: "…送信しました：<b>user@example.com</b>". */
    sent: "次のアドレスに個人用アクセスリンクを送信しました：",
    sentAfter: "",
    /** The link's lifetime in days: "リンクの有効期限は1日です。" */
    expires: (days: number) => `リンクの有効期限は${plural("ja", days, { other: "#日" })}です。`,
    spam: "メールが見つからない場合は、迷惑メールフォルダーをご確認ください。",
    slow: "通常より時間がかかっています。引き続きメールの配信を試みています。",
    useAnotherEmail: "別のメールアドレスを使用",
    resend: "再送信",
    resendIn: (seconds: number) => plural("ja", seconds, { other: "#秒後に再送信" }),
    resent: "リンクを再送信しました。",
    codeLabel: "別のデバイスでメールを開いた場合は、メールに記載の6桁のコードを入力してください",
    codeSubmit: "ログイン",
    codeIncomplete: "メールに記載の6桁の数字を入力してください",
    /** Above the two digits the other device types (decisions 73 and 81). */
    approvalNumber: "スマートフォンでリンクを開く場合は、そこでこの数字を入力すると、このデバイスでログインできます：",
    approvalRefused: "もう一方のデバイスで違う数字が入力されたため、ログインは行われませんでした。新しいリンクをリクエストしてください。",
    approvalUsedElsewhere: "リンクは別のデバイスで使用されました。",
  },
  validation: {
    emailRequired: "メールアドレスを入力してください",
    emailInvalid: "有効なメールアドレスを入力してください",
    passwordRequired: "パスワードを入力してください",
    /** The forgot-password form says this where the login says otherwise (SPEC section 5). */
    forgotEmailInvalid: "メールアドレスが無効です",
  },
  fields: {
    email: "メールアドレス",
    password: "パスワード",
    newPassword: "新しいパスワード",
    confirmPassword: "パスワード（確認用）",
    show: "表示",
    hide: "非表示",
    /** The show/hide button's name, with the field's label: "パスワードを表示". */
    showField: (label: string) => `${label}を表示`,
    hideField: (label: string) => `${label}を非表示`,
    close: "閉じる",
  },
  /** The links under every card; the goodbye page adds the EULA. */
  legal: {
    label: "法的情報",
    privacy: "プライバシーポリシー",
    eula: "使用許諾契約",
    terms: "利用規約",
  },
  /** The switcher under every card: each language by its own name (common/languages.ts). */
  language: {
    label: "言語",
  },
  failure: {
    title: "問題が発生しました",
    text: "このページを表示できませんでした。もう一度お試しください。",
    retry: "再試行",
  },
};
