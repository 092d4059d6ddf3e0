import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/passkey-offer.ts";
import { strings as shared } from "./shared.ts";

/** "次回からすばやくログイン": the passkey offer after a sign-in. Loaded with that screen (see ../en.ts). */
export const strings: Catalogue<typeof english> = {
  ...shared,
  passkeyOffer: {
    title: "次回からすばやくログイン",
    text: "次回からは、メールを待たずに指紋認証、顔認証、画面ロックでログインできます。パスキーはお使いのデバイスに保存され、当社のサイトでのみ使用できます。",
    create: "パスキーを使用",
    notNow: "今はしない",
    continuing: "ログインしています",
  },
};
