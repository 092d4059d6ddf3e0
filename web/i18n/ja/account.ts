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
      licenseSince: {
        Active: (date: string) => `${date}から有効`,
        Trial: (date: string) => `${date}から試用版`,
        Expired: (date: string) => `有効期限切れ（${date}に取得）`,
      } as Record<string, (date: string) => string>,
      changeEmail: "変更",
      changeEmailName: "メールアドレスを変更",
      newEmail: "新しいメールアドレス",
      sendConfirmation: "確認メールを送信",
      changeText:
        "新しいメールアドレスに確認用のリンクをお送りし、現在のメールアドレスにもお知らせします。新しいメールアドレスで確認が行われるまで、変更はされません。",
      sent: (newEmail: string, email: string) =>
        `${newEmail}にリンクとコードを送信しました。リンクを開くか、ここにコードを入力してください。それまでは、メールアドレスは${email}のままです。`,
      code: "メールに記載のコード",
      confirmCode: "確認",
      changed: (email: string) => `メールアドレスを${email}に変更しました。他のすべてのブラウザーとアプリからログアウトしました。`,
      undelivered: {
        what: (date: string) => `${date}にこのアドレスへのメールを配信できなかったため、このアドレスへのメール送信を停止しています。`,
        reasons: {
          no_mailbox:
            "受信側のメールサーバーから、このメールボックスは存在しないと通知がありました。アドレスに入力間違いがないかご確認のうえ、誤っている場合は変更してください。",
          mailbox_full:
            "受信側のメールサーバーから、メールボックスの容量がいっぱいだと通知がありました。空き容量を確保してから、もう一度お試しください。",
          blocked:
            "受信側のメールサーバーによってメールがブロックされました。迷惑メールと判断された可能性があります。ご利用のメールプロバイダーまたは会社のフィルターが受信を拒否しているかもしれません。",
          other: "受信側のメールサーバーがメールを受け付けませんでした。",
        },
        reference: (reference: string) => `サポートにお問い合わせの際は、次の参照番号をお伝えください：${reference}`,
        retry: "メールの送信を再開する",
        retried: "このアドレスへのメール送信を再開します。それでも配信できない場合は、このページでお知らせします。",
      },
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
      breached:
        "お使いのパスワードは、他のサイトから流出したパスワードのリストに含まれているため、ログインに使用できなくなりました。新しいパスワードを設定してください。",
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
      /** What Google told us of the linked Google account (docs/decisions/0091). */
      googleHeld: (date: string) =>
        `${date}に、お使いの Google アカウントが第三者に乗っ取られた可能性があると Google から通知があったため、Google でのサインインを一時停止しています。Google で Google アカウントを保護してから、パスワードまたはパスキーでサインインすると Google を再び使用できます。サポートチームにお問い合わせいただくこともできます。直前の 1 か月以内に追加したパスワードやパスキーは使用できません。`,
      googleChangeAsked: (date: string) =>
        `${date}に、Google から Google アカウントのパスワードを変更するよう求められました。Google で再びサインインするまでに、Google で Google アカウントのセキュリティを確認してください。`,
    },
    passkeys: {
      heading: "パスキー",
      text: "パスキーを使うと、指紋認証、顔認証、画面ロックでログインできます。メールを待つ必要はありません。",
      none: "パスキーはまだ登録されていません。",
      add: "パスキーを追加",
      added: "パスキーを追加しました。",
      thisBrowser: "このブラウザーで作成",
      synced: "同期済み",
      created: (date: string) => `追加日時：${date}`,
      lastUsed: (date: string) => `最終使用：${date}`,
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
    confirm: {
      heading: "ご本人確認",
      text: "セキュリティ保護のため、パスキーを追加する前にご本人確認を行ってください。",
      /** The same, before a first password and before an email change. */
      textPassword: "セキュリティ保護のため、パスワードを設定する前にご本人確認を行ってください。",
      textEmail: "セキュリティ保護のため、メールアドレスを変更する前にご本人確認を行ってください。",
      password: "現在のパスワード",
      confirm: "確認",
      emailCode: "コードをメールで受け取る",
      emailCodeInstead: "代わりにコードをメールで受け取る",
      codeSent: (email: string) => `${email}に6桁のコードを送信しました。`,
      code: "6桁のコード",
      cancel: "キャンセル",
    },
    removePasskeys: {
      legend: "次のパスキーも削除する",
      hint: "過去30日間に追加されたパスキーにはチェックが入っています。第三者がログインしていた場合、パスキーを追加した可能性があります。",
      passkey: (name: string, added: string) => `${name}（追加日時：${added}）`,
    },
    notMe: {
      title: "お心当たりのないログインですか？",
      checking: "リンクを確認しています...",
      what: (browser: string, network: string, when: string) =>
        `${when}に、${browser}（${network}付近）からアカウントにログインがありました。`,
      effect:
        "そのブラウザーをログアウトすると、そこからログインしたすべてのアプリからもログアウトされ、そのブラウザーで追加されたパスキーも削除されます。",
      signOut: "そのブラウザーをログアウト",
      doneTitle: "そのブラウザーをログアウトしました",
      done: "アカウントと、そのブラウザーからログインしたすべてのアプリからログアウトし、そのブラウザーで追加されたパスキーを削除しました。",
      review: "次に、アカウントを確認してください。ログイン用リンクをメールでお送りできます。",
      emailLink: "ログイン用リンクをメールで受け取る",
      linkSent: (email: string) => `${email}にログイン用リンクを送信しました。`,
      problemTitle: "このリンクは使用できません",
    },
    emailChange: {
      checking: "リンクを確認しています...",
      problemTitle: "このリンクは使用できません",
      confirmTitle: "新しいメールアドレスの確認",
      confirmWhat: (email: string, newEmail: string) => `アカウントのメールアドレスを${email}から${newEmail}に変更します。`,
      confirmEffect: "変更後は、新しいメールアドレスでログインします。他のブラウザーとアプリはログアウトされます。",
      confirm: "新しいメールアドレスを確認",
      confirmedTitle: "メールアドレスを変更しました",
      confirmed: (newEmail: string) => `メールアドレスが${newEmail}になりました。今後はこのメールアドレスでログインしてください。`,
      cancelTitle: "このメールアドレスの変更をキャンセルしますか？",
      cancelWhat: (newEmail: string, when: string) =>
        `${when}に、アカウントのメールアドレスを${newEmail}に変更するリクエストがありました。`,
      cancelEffect: "キャンセルすると、メールアドレスは現在のままとなり、変更をリクエストしたブラウザーはログアウトされます。",
      cancel: "変更をキャンセル",
      cancelledTitle: "変更をキャンセルしました",
      cancelled: "メールアドレスは変更されず、変更をリクエストしたブラウザーはログアウトされました。",
      undoTitle: "メールアドレスの変更を取り消しますか？",
      undoWhat: (email: string, newEmail: string) => `アカウントのメールアドレスを${newEmail}から${email}に戻します。`,
      undoEffect:
        "すべてのブラウザーとアプリがログアウトされ、変更がリクエストされた後に追加されたパスキー、パスワード、Googleとの連携は削除されます。",
      undo: "メールアドレスを元に戻す",
      undoneTitle: "メールアドレスを元に戻しました",
      undone: (email: string) => `アカウントのメールアドレスを${email}に戻し、すべてのブラウザーとアプリからログアウトしました。`,
      /** "This wasn't me" in "Your email was changed back", to the address an undo replaced: it tells support, and moves nothing. */
      disputeTitle: "ご本人の操作ではないことをお知らせしますか？",
      disputeWhat: (email: string, when: string) =>
        `${when}に、そのアドレスに送信された取り消し用リンクにより、アカウントのメールアドレスが${email}に戻されました。`,
      disputeEffect:
        "お知らせいただいても、アカウントは何も変更されず、誰もログインしません。サポートチームが確認し、アカウントの持ち主を確かめてから対応します。",
      dispute: "自分ではありません",
      disputedTitle: "サポートチームに伝えました",
      disputed: "サポートチームに伝えました。ボタンを押したことで誰もログインしておらず、アカウントも何も変更されていません。",
      disputedNext: (brand: string) =>
        `サポートチームへは、お使いのコンピューターの${brand}からサポートリクエストを送信してください。その際、このアドレスと、アカウントが戻された先のアドレスをお知らせください。`,
    },
    passkeyRemoval: {
      title: "このパスキーを削除しますか？",
      checking: "リンクを確認しています...",
      what: (name: string, browser: string, when: string) => `パスキー「${name}」は、${when}に${browser}から追加されました。`,
      effect: "削除すると、このパスキーを追加したブラウザーもログアウトされます。",
      remove: "パスキーを削除",
      removedTitle: "パスキーを削除しました",
      removed: "パスキーを削除し、追加に使われたブラウザーをログアウトしました。",
      next: "ご自身で追加したものでない場合は、今すぐアカウントを確認してください。すべての場所からログアウトし、パスワードを設定している場合は変更してください。",
      account: "マイアカウントに移動",
      problemTitle: "このリンクは使用できません",
    },
    places: {
      heading: "ログイン中のブラウザーとアプリ",
      browsers: "ブラウザー",
      apps: "アプリ",
      thisBrowser: "このブラウザー",
      unknownBrowser: "不明なブラウザー",
      browserOn: (browser: string, system: string) => `${system}の${browser}`,
      near: (network: string) => `接続元：${network}付近`,
      since: (date: string) => `ログイン日時：${date}`,
      lastUsed: (date: string) => `最終使用：${date}`,
      noApps: "ログイン中のアプリはありません。",
      allBrowsers: (count: number) => `すべてのブラウザーを表示（${count}件）`,
      desktopApp: (brand: string) => `${brand}デスクトップアプリ`,
      webApp: (brand: string) => `${brand}（Web版）`,
      app: (clientId: string) => `アプリ（${clientId}）`,
      appSince: (date: string) => `ログイン日時：${date}`,
      signOut: "ログアウト",
      signOutNamed: (name: string) => `${name}からログアウト`,
      signOutEverywhereElse: "他のすべての場所からログアウト",
      signedOut: (name: string) => `${name}からログアウトしました。`,
      signedOutEverywhereElse: "他のすべてのブラウザーとアプリからログアウトしました。",
      confirmSignOutEverywhereElse: "今すぐ他のすべての場所からログアウト",
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
      unknownBrowser: "不明なブラウザー",
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
        identityConfirmed: "本人確認が完了しました",
        signInReported: "ログインがご本人のものではないと報告され、そのブラウザーがログアウトされました",
        emailChangeRequested: "メールアドレスの変更がリクエストされました",
        emailChanged: "メールアドレスが変更されました",
        emailChangeCancelled: "メールアドレスの変更がキャンセルされました",
        emailChangeUndone: "メールアドレスの変更が取り消され、すべてのブラウザーとアプリがログアウトされました",
        emailChangeUndoDisputed: "メールアドレスを元に戻す操作が、置き換えられたアドレスから本人のものではないと報告されました",
        supportSearched: "アカウントが検索で表示されました",
        supportViewed: "アカウントが閲覧されました",
        rateLimitsCleared: "ログイン試行の制限が解除されました",
        accountDisabled: "アカウントが無効化されました",
        accountEnabled: "アカウントが再び有効化されました",
        roleChanged: "アカウントの役割が変更されました",
        mailCleared: "お使いのアドレスへのメール送信が再開されました",
        googleSessionsRevoked: "Google が Google アカウントのセッションを終了したため、すべてのブラウザーとアプリからサインアウトしました",
        googleTokensRevoked:
          "Google アカウントへのアクセス権が取り消されたと Google から通知があったため、すべてのブラウザーとアプリからサインアウトしました",
        googleAccountHijacked:
          "Google アカウントが乗っ取られた可能性があると Google から通知がありました。すべてのブラウザーとアプリからサインアウトし、Google でのサインインを一時停止しました",
        googleAccountDisabled: "Google アカウントが無効になったと Google から通知がありました",
        googleAccountEnabled: "Google アカウントが再び有効になったと Google から通知がありました",
        googleCredentialChangeRequired: "Google から Google アカウントのパスワードを変更するよう求められました",
        googleHoldCleared: "Google でのサインインが再開されました",
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
