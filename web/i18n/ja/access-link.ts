import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/access-link.ts";
import { strings as shared } from "./shared.ts";

/** The emailed access link's page. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  accessLink: {
    title: (brand: string) => `${brand}にログイン`,
    text: "個人用アクセスリンクを開きました。ボタンを押してログインを完了してください。",
    signIn: "ログイン",
    signingIn: "ログインしています...",
    usedTitle: "このリンクは使用済みです",
    usedText: "アクセスリンクでログインできるのは1回だけです。新しいリンクをリクエストすると、メールでお送りします。",
    expiredTitle: "このリンクは有効期限切れです",
    expiredText: "セキュリティ保護のため、アクセスリンクには有効期限があります。新しいリンクをリクエストすると、メールでお送りします。",
    unknownTitle: "このリンクは無効です",
    unknownText:
      "リンクが不完全な可能性があります。一部のメールソフトでは、長いリンクが途中で切れてしまうことがあります。新しいリンクをリクエストすると、メールでお送りします。",
    newLink: "新しいリンクを受け取る",
    /** The link opened on another device than the one that asked (decisions 73 and 81). */
    approveTitle: "もう一方のデバイスでログインしますか？",
    approveWhat: (device: string, network: string, when: string) =>
      `${network}付近の${device}から、${when}にログインのリクエストがありました。`,
    approveForDesktopApp: (brand: string) => `${brand}デスクトップアプリへのログインです。`,
    approveForWebApp: (brand: string) => `${brand}（Web版）へのログインです。`,
    approveForSite: (brand: string, host: string) => `${host}の${brand}へのログインです。`,
    approveNotYou: "ご自身が今ほかのデバイスでリクエストしたのでなければ、何もしないでください。",
    approveDigitsLabel: "もう一方のデバイスに表示されている2桁の数字",
    approveDigitsIncomplete: "もう一方のデバイスに表示されている2桁の数字を入力してください。",
    approveSubmit: "もう一方のデバイスでログイン",
    thisDeviceInstead: "代わりにこのデバイスでログイン",
    unknownBrowser: "不明なブラウザー",
    unknownBrowserInSentence: "不明なブラウザー",
    browserOn: (browser: string, system: string) => `${system}の${browser}`,
    approvedTitle: "完了",
    approved: (device: string) => `完了しました。${device}でログインしました。`,
    approvedHere: "このデバイスではログインしていません。",
  },
};
