import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/maverick.ts";
import { strings as shared } from "./shared.ts";

/** Maverick Safe's loading and goodbye screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  maverickLogin: {
    loading: "Maverick Safeを読み込んでいます",
  },
  maverickGoodbye: {
    title: "ご利用ありがとうございました",
    uninstalled: "お使いのブラウザーからMaverick Safeがアンインストールされました。",
    tryAgain: "気が変わったら、ぜひもう一度Maverick Safeをお試しください。",
    download: "Maverick Safeを再ダウンロード",
    removeExtension: "ブラウザー拡張機能を削除する方法",
    removeExtensionText: "ブラウザーにMaverick Safeの拡張機能が残っている場合は、こちらの手順で削除できます。",
  },
};
