import type { Catalogue } from "../../../common/i18n/catalogue.ts";
import type { strings as english } from "../en/account.ts";
import { strings as shared } from "./shared.ts";

/** The customer's own account page and its deletion link's page. Loaded with those screens only. */
export const strings: Catalogue<typeof english> = {
  ...shared,
  account: {
    title: "マイアカウント",
    loading: "アカウント情報を読み込んでいます...",
    loadFailed: "アカウント情報を表示できませんでした。もう一度お試しください。",
    signOut: "ログアウト",
    who: {
      heading: "登録情報",
      email: "メールアドレス",
      name: "名前",
      noName: "未設定",
      edit: "編集",
      editName: "名前を編集",
      save: "保存",
      cancel: "キャンセル",
      saved: "名前を保存しました。",
      licenses: "ライセンス",
      noLicenses: "このアカウントにはまだライセンスがありません。",
      licenseState: { Active: "有効", Trial: "試用版", Expired: "有効期限切れ" } as Record<string, string>,
    },
    methods: {
      heading: "ログイン方法",
      link: "メールで届くリンク",
      linkText: "個人用リンクまたはコードをメールでお送りします。この方法はいつでも使用できます。",
      password: "パスワード",
      passwordSet: "パスワードは設定済みです。",
      passwordNotSet: "パスワードはまだ設定されていません。",
      changePassword: "パスワードを変更",
      setPassword: "パスワードを設定",
      currentPassword: "現在のパスワード",
      savePassword: "パスワードを保存",
      passwordSaved: "パスワードを保存しました。他のすべてのブラウザーとアプリからログアウトしました。",
      forgotCurrent: "お忘れですか？パスワード再設定リンクをメールで受け取る",
      resetSent: (email: string) => `${email}にリンクを送信しました。リンクを開いて新しいパスワードを設定してください。`,
      google: "Google",
      googleNotLinked: "未連携です。連携するには、ログイン画面で「Googleで続行」を選択してください。",
      googleLinked: (email: string) => `${email}と連携済み`,
      unlink: "連携を解除",
      unlinkGoogle: (email: string) => `Googleアカウント（${email}）の連携を解除`,
      unlinked: "Googleとの連携を解除しました。",
    },
    passkeys: {
      heading: "パスキー",
      text: "パスキーを使うと、指紋認証、顔認証、画面ロックでログインできます。メールを待つ必要はありません。",
      none: "パスキーはまだ登録されていません。",
      add: "パスキーを追加",
      added: "パスキーを追加しました。",
      thisBrowser: "このブラウザーで作成",
      synced: "同期済み",
      created: (date: string) => `追加日時: ${date}`,
      lastUsed: (date: string) => `最終使用: ${date}`,
      neverUsed: "未使用",
      rename: "名前を変更",
      renameNamed: (name: string) => `パスキー「${name}」の名前を変更`,
      nameLabel: "パスキーの名前",
      save: "保存",
      cancel: "キャンセル",
      renamed: "パスキーの名前を変更しました。",
      remove: "削除",
      removeNamed: (name: string) => `パスキー「${name}」を削除`,
      removed: (name: string) => `「${name}」を削除しました。引き続き、メールで届くリンクでログインできます。`,
    },
    places: {
      heading: "ログイン中のブラウザーとアプリ",
      browsers: "ブラウザー",
      apps: "アプリ",
      thisBrowser: "このブラウザー",
      unknownBrowser: "不明なブラウザー",
      browserOn: (browser: string, system: string) => `${system}の${browser}`,
      near: (network: string) => `接続元: ${network}付近`,
      since: (date: string) => `ログイン日時: ${date}`,
      lastUsed: (date: string) => `最終使用: ${date}`,
      noApps: "ログイン中のアプリはありません。",
      allBrowsers: (count: number) => `すべてのブラウザーを表示（${count}件）`,
      desktopApp: (brand: string) => `${brand}デスクトップアプリ`,
      webApp: (brand: string) => `${brand}（Web版）`,
      app: (clientId: string) => `アプリ（${clientId}）`,
      appSince: (date: string) => `ログイン日時: ${date}`,
      signOut: "ログアウト",
      signOutNamed: (name: string) => `${name}からログアウト`,
      signOutEverywhereElse: "他のすべての場所からログアウト",
      signedOut: (name: string) => `${name}からログアウトしました。`,
      signedOutEverywhereElse: "他のすべてのブラウザーとアプリからログアウトしました。",
    },
    activity: {
      heading: "最近のアクティビティ",
      intro: "過去30日間の記録を新しい順に表示しています。",
      none: "過去30日間のアクティビティはありません。",
      more: (older: number) => `以前の記録を表示（${older}件）`,
      /** How each way in reads in a sentence, before the verb: "メールで届くリンクでログインしました". */
      methods: {
        link: "メールで届くリンクで",
        code: "メールに記載のコードで",
        password: "パスワードで",
        google: "Googleで",
        passkey: "パスキーで",
      } as Record<string, string>,
      /** An app inside a sentence: "DS Oneデスクトップアプリにログインしました". */
      desktopApp: (brand: string) => `${brand}デスクトップアプリ`,
      webApp: (brand: string) => `${brand}（Web版）`,
      unknownApp: (clientId: string) => `アプリ（${clientId}）`,
      /** What happened, as a clause ending in its verb; `sentence` puts the place before it. */
      events: {
        signedIn: (app: string | undefined, how: string | undefined) => `${app ? `${app}に` : ""}${how ?? ""}ログインしました`,
        signInRefused: (how: string | undefined) => `${how ? `${how}の` : ""}ログインが拒否されました`,
        wrongPasswordRefused: "誤ったパスワードでのログインが拒否されました",
        accessLinkRequested: "ログイン用リンクがメールで送信されました",
        passwordResetRequested: "パスワード再設定リンクがメールで送信されました",
        passwordSet: "パスワードが設定されました",
        passwordChanged: "パスワードが変更されました",
        passwordChangeRefused: "現在のパスワードが正しくなかったため、パスワードの変更が拒否されました",
        googleLinked: "Googleと連携しました",
        googleUnlinked: "Googleとの連携が解除されました",
        signedOut: "ブラウザーがログアウトされました",
        signedOutEverywhere: "すべてのブラウザーとアプリがログアウトされました",
        appSignedOut: (app: string | undefined) => `${app ?? "アプリ"}がログアウトされました`,
        newBrowser: "新しいブラウザーでログインしました",
        licenseChanged: "ライセンスが変更されました",
        deviceLinked: "パソコンがアカウントに登録されました",
        nameChanged: "名前が変更されました",
        accountCreated: "アカウントが作成されました",
        dataExported: "データがダウンロードされました",
        accountDeletionRequested: "アカウントの削除がリクエストされました",
        passkeyRegistered: "パスキーが追加されました",
        passkeyRenamed: "パスキーの名前が変更されました",
        passkeyRemoved: "パスキーが削除されました",
        passkeyRefused: "パスキーでのログインが拒否されました",
        /** An event this page has no words for yet, by its name ("Passkey added"). */
        other: (event: string) => event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
      },
      /**
       * One line as a sentence, the place first: "Chrome on Windows（203.0.113.0付近）から、メールで届くリンクで
       * ログインしました。このアカウントでは初めて使用されたブラウザーです。" Our support team's actions say so after the clause.
       */
      sentence: (what: string, where: { bySupport: boolean; device?: string; network?: string; newBrowser: boolean }) => {
        const from = where.bySupport
          ? ""
          : where.device
            ? `${where.device}${where.network ? `（${where.network}付近）` : ""}から、`
            : where.network
              ? `${where.network}付近のネットワークから、`
              : "";
        const by = where.bySupport ? "（サポートチームによる操作）" : "";
        const fresh = where.newBrowser ? "このアカウントでは初めて使用されたブラウザーです。" : "";
        return `${from}${what}${by}。${fresh}`;
      },
    },
    data: {
      heading: "データのダウンロード",
      text: "お客様のアカウントについて当社が保有するすべての情報のコピーを、JSONファイルとしてダウンロードできます。",
      download: "データをダウンロード",
    },
    delete: {
      heading: "アカウントの削除",
      text: "アカウントを削除すると、すべての場所からログアウトし、Googleとの連携とデバイスの登録が解除され、ライセンス（有料のものを含む）が削除され、登録情報とアクティビティが消去されます。この操作は元に戻せません。",
      request: "アカウントを削除",
      confirmText: "確認用のリンクをメールでお送りします。リンクを開くまで、何も削除されません。",
      confirm: "リンクをメールで受け取る",
      cancel: "キャンセル",
      sent: (email: string) =>
        `${email}にリンクを送信しました。リンクを開いて削除を確定してください。リンクは1回だけ使用でき、まもなく有効期限が切れます。`,
    },
  },
  deleteAccount: {
    title: "アカウントの削除",
    checking: "リンクを確認しています...",
    text: (email: string) => `アカウント（${email}）を削除すると、次のようになります。`,
    effects: [
      "このアカウントでログインしているすべてのブラウザー、パソコン、アプリからログアウトします。",
      "パスワード、Googleとの連携、デバイス、設定が削除されます。",
      "ライセンス（有料のものを含む）が終了します。",
      "登録情報とアクティビティが消去されます。",
    ],
    cannotUndo: "この操作は元に戻せません。",
    confirm: "アカウントを削除",
    keep: "アカウントを残す",
    deletedTitle: "アカウントを削除しました",
    deletedText: "アカウントを削除し、確認のための最後のメールをお送りしました。これまでご利用いただき、ありがとうございました。",
    keptTitle: "アカウントは削除されませんでした",
    keptText: "何も削除されていません。メール内のリンクは無効になりました。",
    refusedTitle: "このリンクは使用できません",
    incomplete: "このリンクは不完全です。メールからもう一度開くか、マイアカウントページで新しいリンクをリクエストしてください。",
    toBrand: (name: string) => `${name}に移動`,
    failed: "アカウントを削除できませんでした。もう一度お試しください。",
    checkFailed: "現在、リンクを確認できません。もう一度お試しください。",
    retry: "再試行",
    toAccount: "マイアカウントに移動",
  },
};
