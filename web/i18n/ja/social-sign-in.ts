import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/social-sign-in.ts";
import { strings as shared } from "./shared.ts";

/** A sign-in with Google that did not complete. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  /** A sign-in with Google that did not complete (common/social-sign-in.ts names the problems). */
  socialSignIn: {
    cancelled: {
      title: "Googleログインがキャンセルされました",
      text: "Googleでのログインがキャンセルされたため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    refused: {
      title: "Googleでログインできませんでした",
      text: "Googleがこのログインを拒否したため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    expired: {
      title: "このログインは有効期限切れです",
      text: "Googleでのログインに時間がかかりすぎたか、すでに完了しているか、別のブラウザーウィンドウで開始された可能性があります。最初からやり直してください。",
    },
    unverified: {
      title: "Googleのメールアドレスが未確認です",
      text: "このGoogleアカウントのメールアドレスはGoogleで確認されていないため、ログインに使用できません。Googleでメールアドレスを確認するか、メールアドレスでログインしてください。",
    },
    unreachable: {
      title: "Googleから応答がありません",
      text: "ログインを完了するためにGoogleに接続できませんでした。しばらくしてからもう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    failed: {
      title: "Googleログインに失敗しました",
      text: "Googleからの応答を検証できなかったため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    busy: {
      title: "試行回数が多すぎます",
      text: "お使いのネットワークからのログインが多すぎます。しばらく待ってからもう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    unavailable: {
      title: "Googleログインは利用できません",
      text: "ここでは、このサービスを使ったログインはご利用いただけません。メールアドレスでログインしてください。",
    },
    disabled: {
      title: "このアカウントは無効です",
      text: "このGoogleログインに対応するアカウントは無効になっているため、ログインできません。サポートにお問い合わせください。",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "先にメールアドレスでログインしてください",
      text: "このGoogleアカウントがそのメールアドレスの所有者であることをGoogleが確認していないため、まだお客様のアカウントと連携できません。先にメールアドレスでログインしてから、このブラウザーでもう一度「Googleで続行」を選択すると連携されます。",
    },
    held: {
      title: "Google でのサインインは一時停止中です",
      text: "この Google アカウントが乗っ取られた可能性があると Google から通知があったため、現在このアカウントではサインインできません。パスワードまたはパスキーでサインインするか、サポートにお問い合わせください。直前の 1 か月以内に追加したパスワードやパスキーは使用できません。",
    },
    backToLogin: "ログイン画面に戻る",
  },
  /** The same, of a sign-in with Microsoft. */
  microsoftSignIn: {
    cancelled: {
      title: "Microsoftログインがキャンセルされました",
      text: "Microsoftでのログインがキャンセルされたため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    refused: {
      title: "Microsoftでログインできませんでした",
      text: "Microsoftがこのログインを拒否したため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    expired: {
      title: "このログインは有効期限切れです",
      text: "Microsoftでのログインに時間がかかりすぎたか、すでに完了しているか、別のブラウザーウィンドウで開始された可能性があります。最初からやり直してください。",
    },
    unverified: {
      title: "Microsoftのメールアドレスが未確認です",
      text: "このMicrosoftアカウントのメールアドレスはMicrosoftで確認されていないため、ログインに使用できません。Microsoftでメールアドレスを確認するか、メールアドレスでログインしてください。",
    },
    unreachable: {
      title: "Microsoftから応答がありません",
      text: "ログインを完了するためにMicrosoftに接続できませんでした。しばらくしてからもう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    failed: {
      title: "Microsoftログインに失敗しました",
      text: "Microsoftからの応答を検証できなかったため、ログインしていません。もう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    busy: {
      title: "試行回数が多すぎます",
      text: "お使いのネットワークからのログインが多すぎます。しばらく待ってからもう一度お試しいただくか、メールアドレスでログインしてください。",
    },
    unavailable: {
      title: "Microsoftログインは利用できません",
      text: "ここでは、このサービスを使ったログインはご利用いただけません。メールアドレスでログインしてください。",
    },
    disabled: {
      title: "このアカウントは無効です",
      text: "このMicrosoftログインに対応するアカウントは無効になっているため、ログインできません。サポートにお問い合わせください。",
    },
    /** The provider does not vouch for the address of the account it would be linked to. */
    unconfirmed: {
      title: "先にメールアドレスでログインしてください",
      text: "このMicrosoftアカウントがそのメールアドレスの所有者であることをMicrosoftが確認していないため、まだお客様のアカウントと連携できません。先にメールアドレスでログインしてから、このブラウザーでもう一度「Microsoftで続行」を選択すると連携されます。",
    },
  },
};
