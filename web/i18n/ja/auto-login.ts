import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/auto-login.ts";
import { strings as shared } from "./shared.ts";

/** The auto-login screen and what it says about the desktop agent. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  autoLogin: {
    title: (brand: string) => `${brand}にログインしています`,
    hint: "まもなくソフトウェアが開きます。このウィンドウは閉じてもかまいません。",
    nextStep: {
      permission: (brand: string) => `このパソコンで${brand}を探し、ブラウザーに確認されたら「許可する」を選択してください。`,
      denied: "このサイトにローカルネットワークへのアクセスを許可してから、このページを再読み込みしてください。",
      notFound: (brand: string) => `${brand}をこのパソコンにインストールするか開いてから、もう一度お試しください。`,
      checkFailed: (brand: string) => `このパソコンで${brand}を開いてから、もう一度お試しください。`,
    },
  },
  agent: {
    looking: (brand: string) => `このパソコンで${brand}を探しています...`,
    permissionWhy: (brand: string) =>
      `${brand}を開くには、このページからこのパソコン上のソフトウェアに接続する必要があります。ローカルネットワーク上のデバイスへのアクセスをこのサイトに許可するかどうかをブラウザーが確認してきたら、「許可する」を選択してください。`,
    findButton: (brand: string) => `このパソコンで${brand}を探す`,
    denied: (brand: string) =>
      `このページからこのパソコン上の${brand}への接続が、ブラウザーによってブロックされました。ブラウザーのサイト設定で、このサイトにローカルネットワークへのアクセスを許可してからページを再読み込みするか、パソコンから${brand}を開いてください。`,
    notFound: (brand: string) =>
      `このパソコンで${brand}が見つかりませんでした。インストールされていない場合は、以下からダウンロードしてください。インストール済みの場合は、パソコンから開いてください。`,
    download: (brand: string) => `${brand}をダウンロード`,
    badUuid:
      "有効なデバイスIDなしでこのページが開かれたため、このパソコン上のソフトウェアに接続できません。ソフトウェアからもう一度開いてください。",
    checkFailed: (brand: string) => `${brand}は見つかりましたが、応答がありませんでした。パソコンから開いてください。`,
    asked: (brand: string) => `このパソコンで${brand}が開いているはずです。`,
    openAgain: "もう一度開く",
    tryAgain: "再試行",
    signInInstead: "メールアドレスでログイン",
  },
};
