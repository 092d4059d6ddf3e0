import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/logout.ts";
import { strings as shared } from "./shared.ts";

/** The logout screens. Loaded with those screens (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  logout: {
    text: "ログアウトしています",
    failedTitle: "ログアウトできませんでした",
    failedText:
      "サーバーから応答がなかったため、ログアウトできませんでした。このブラウザーではログインしたままです。接続を確認して、もう一度お試しください。",
    tryAgain: "再試行",
    leaveSignedIn: (brand: string) => `ログアウトせずに${brand}に移動`,
  },
};
