import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import { durations, passwordRules } from "../../common/i18n/ja.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in Japanese (polite です/ます; terms in
 * docs/languages/ja.md): the mails, the messages of refused requests, and the OpenID Provider's pages.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them: "1時間", "2日". */
  units: {
    ...durations,
    linkDays: (count: number) => plural("ja", count, { other: "#日" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${system}の${browser}`,
    /** After "ブラウザー：" in the new-sign-in and passkey mails: "ブラウザー：不明". */
    unknownBrowser: "不明",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "ボタンが機能しない場合は、次のアドレスをブラウザーで開いてください。",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `リンクの有効期限は${lifetime}で、使用できるのは1回だけです。`,
    /** Before the address in the text part: "ログイン：https://…". */
    signInLine: "ログイン",
    signInTo: (brand: string) => `${brand}にログイン`,
    ifThisWasYou: "お客様ご自身による操作であれば、対応は不要です。",
    ifItWasNotYou:
      "お心当たりがない場合は、ログイン画面の「パスワードをお忘れですか？」からすぐにパスワードを再設定し、サポートにお問い合わせください。",
    accessLink: {
      subject: (brand: string) => `${brand}のログイン用リンク`,
      intro: (brand: string) => `${brand}にログインするための個人用アクセスリンクをお送りします。`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `別のデバイスでこのメールをご覧の場合は、このメールをリクエストしたパソコンで、代わりに次のコードを${lifetime}以内に入力してください：`,
      footer:
        "ログインをリクエストしていない場合は、このメールを無視してください。このリンクまたはコードがなければ、誰もログインできません。",
      /** A link our support team sent, which has no code. */
      footerFromSupport:
        "サポートチームにリンクをリクエストしていない場合は、このメールを無視してください。このリンクがなければ、誰もログインできません。",
    },
    passwordReset: {
      subject: (brand: string) => `${brand}のパスワード再設定`,
      intro: (brand: string) => `${brand}アカウントのパスワード再設定のリクエストを受け付けました。`,
      action: "新しいパスワードを設定",
      footer: "お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
    },
    passwordChanged: {
      subject: (brand: string) => `${brand}のパスワードが変更されました`,
      intro: (brand: string) => `${brand}アカウントのパスワードが変更されたため、他のすべてのブラウザーとアプリからログアウトしました。`,
    },
    passwordSet: {
      subject: (brand: string) => `${brand}アカウントにパスワードが設定されました`,
      intro: (brand: string) =>
        `${brand}アカウントにパスワードが設定されました。今後は、メールで届くリンクに加えて、パスワードでもログインできます。`,
    },
    newSignIn: {
      subject: (brand: string) => `${brand}アカウントへの新しいログイン`,
      intro: (brand: string) => `これまで使用されたことのないブラウザーから、${brand}アカウントにログインがありました。`,
      /** "ブラウザー：Chrome on Windows、接続元：203.0.113.0付近、日時：2026/11/25 19:30 UTC" (the network, as the account page says it) */
      details: (browser: string, network: string, when: string) => `ブラウザー：${browser}、接続元：${network}付近、日時：${when}`,
      advice: "お客様ご自身によるログインであれば、対応は不要です。",
      accountLine: "マイアカウント",
      action: "アカウントを確認",
      notMe: "自分ではありません",
      footer:
        "お心当たりがない場合は、「自分ではありません」を押してください。そのブラウザーはアカウントと、そこからログインしたすべてのアプリからログアウトされ、そのブラウザーで追加されたパスキーもすべて削除されます。",
    },
    confirmationCode: {
      subject: (brand: string) => `${brand}の確認コード`,
      intro: (brand: string) => `${brand}のマイアカウントページでご本人確認を行うには、このコードを使用してください。`,
      /** Before the six digits: "コードをリクエストしたブラウザーで、10分以内に次のコードを入力してください：". */
      code: (lifetime: string) => `コードをリクエストしたブラウザーで、${lifetime}以内に次のコードを入力してください：`,
      footer:
        "このコードをリクエストしていない場合は、第三者がお客様のアカウントにログインしている可能性があります。マイアカウントページですべての場所からログアウトし、パスワードを設定している場合は再設定してください。",
    },
    passkeyAdded: {
      subject: (brand: string) => `${brand}アカウントにパスキーが追加されました`,
      intro: (brand: string) =>
        `${brand}アカウントにパスキーが追加されました。このパスキーを使うと、メールもパスワードも使わずにログインできます。`,
      /** "ブラウザー：Chrome on Windows、接続元：203.0.113.0付近、日時：2026/11/25 19:30 UTC" (the network, as the account page says it) */
      details: (browser: string, network: string, when: string) => `ブラウザー：${browser}、接続元：${network}付近、日時：${when}`,
      kept: (provider: string) => `${provider}に保存されています。`,
      advice: "お客様ご自身による追加であれば、対応は不要です。",
      action: "このパスキーを削除",
      footer:
        "お心当たりがない場合は、すぐにこのパスキーを削除してください。削除すると、パスキーを追加したブラウザーもログアウトされます。その後、マイアカウントページですべての場所からログアウトしてください。",
    },
    accountDeletion: {
      subject: (brand: string) => `${brand}アカウント削除のご確認`,
      intro: (brand: string) => `${brand}アカウントの削除のリクエストを受け付けました。`,
      what: "アカウントを削除すると、すべてのブラウザーとアプリからログアウトし、連携しているログイン方法（Googleなど）、パソコンとその設定、ライセンス、および当社が保有するお客様の個人データがすべて削除されます。削除したアカウントは復元できません。",
      action: "アカウントを削除",
      footer: "お心当たりがない場合は、このメールを無視してください。アカウントは削除されません。",
    },
    accountDeleted: {
      subject: (brand: string) => `${brand}アカウントの削除が完了しました`,
      intro: (brand: string) => `${brand}アカウントを削除しました。`,
      what: "すべてのログインが終了し、連携していたログイン方法、パソコンとその設定、ライセンス、および当社が保有していたお客様の個人データはすべて削除されました。削除したアカウントは復元できません。",
      footer: (brand: string) =>
        `このアカウントに関するメールはこれが最後です。お心当たりがない場合は、${brand}のサポートにお問い合わせください。`,
    },
    googleUnlinked: {
      subject: (brand: string) => `${brand}アカウントとGoogleの連携が解除されました`,
      intro: (brand: string) =>
        `${brand}アカウントからGoogleでのログインが削除されました。今後、そのGoogleアカウントでは${brand}アカウントにログインできません。`,
      footer:
        "お心当たりがない場合は、メールで届くリンクでログインして、アカウントを確認してください。すべての場所からログアウトし、パスワードを設定している場合は変更してください。",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `${brand}アカウントとMicrosoftの連携が解除されました`,
      intro: (brand: string) =>
        `${brand}アカウントからMicrosoftでのログインが削除されました。今後、そのMicrosoftアカウントでは${brand}アカウントにログインできません。`,
      footer:
        "お心当たりがない場合は、メールで届くリンクでログインして、アカウントを確認してください。すべての場所からログアウトし、パスワードを設定している場合は変更してください。",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `${brand} アカウントへの Google でのサインインを一時停止しました`,
      intro: (brand: string) =>
        `${brand} へのサインインに使用している Google アカウントが第三者に乗っ取られた可能性があると Google から通知がありました。${brand} アカウントを保護するため、すべてのブラウザーとアプリからサインアウトし、Google でのサインインを一時停止しました。`,
      footer:
        "Google を再び使用するには、パスワードまたはパスキーでサインインするか、サポートチームにお問い合わせください。その前に、Google で Google アカウントを保護してください。直前の 1 か月以内に追加したパスワードやパスキーは使用できません。",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `${brand}の新しいメールアドレスのご確認`,
      intro: (brand: string, email: string) => `${brand}アカウントの新しいメールアドレスとして、${email}を確認してください。`,
      what: "確認が完了するまで、変更は行われません。アカウントのメールアドレスは現在のままです。",
      action: "新しいメールアドレスを確認",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) =>
        `または、変更をリクエストしたブラウザーのマイアカウントページで、${lifetime}以内に次のコードを入力してください：`,
      footer:
        "お心当たりがない場合は、このメールを無視してください。このメールアドレスで確認が行われない限り、変更されることはありません。",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `${brand}アカウントのメールアドレス変更がリクエストされました`,
      intro: (brand: string, masked: string) => `${brand}アカウントのメールアドレスを${masked}に変更するリクエストがありました。`,
      what: "新しいメールアドレスで確認が行われない限り、変更はされません。お客様ご自身による操作であれば、対応は不要です。",
      action: "自分ではありません",
      footer:
        "お心当たりがない場合は、「自分ではありません」を押してください。変更がキャンセルされ、変更をリクエストしたブラウザーはログアウトされます。その後、マイアカウントページですべての場所からログアウトしてください。",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `このメールアドレスを${brand}アカウントに使用しようとする操作がありました`,
      intro: (brand: string) =>
        `${brand}アカウントのメールアドレスをこのアドレスに変更するリクエストがありましたが、このアドレスにはすでに${brand}アカウントがあります。`,
      what: "変更は行われていません。お客様ご自身による操作であれば、代わりにこのアドレスでログインしてください。1つのメールアドレスは1つのアカウントでしか使用できません。",
      footer: "お心当たりがない場合は、このメールを無視してください。",
    },
    noAccount: {
      subject: (brand: string) => `このメールアドレスを使用している${brand}アカウントはありません`,
      intro: (brand: string) =>
        `このメールアドレスで${brand}へのログインがリクエストされましたが（お客様ご自身による操作かもしれません）、このアドレスを使用している${brand}アカウントはありません。`,
      what: "ログインするおつもりだった場合は、アカウントで使用しているメールアドレスをお試しください。",
      create: "このアドレスでアカウントを作成するには：",
      action: "アカウントを作成",
      footer: "お心当たりがない場合は、このメールを無視してください。何も作成・変更されていません。",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `${brand}のメールアドレスが変更されました`,
      intro: (brand: string, masked: string) => `${brand}アカウントのメールアドレスが${masked}に変更されました。`,
      what: (lifetime: string) =>
        `お心当たりがない場合は、${lifetime}以内にこの変更を取り消してください。取り消すと、メールアドレスはこのアドレスに戻り、すべてのブラウザーとアプリからログアウトされ、変更後に追加されたパスキーは削除されます。`,
      action: "この変更を取り消す",
      footer: "お客様ご自身による操作であれば、対応は不要です。",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `${brand}のメールアドレスが元に戻されました`,
      intro: (brand: string, masked: string) =>
        `そのアドレスに送信された取り消し用リンクにより、${brand}アカウントのメールアドレスが${masked}に戻され、すべてのブラウザーとアプリからログアウトされました。`,
      what: "お心当たりがない場合は、下のボタンでお知らせください。サポートチームが確認します。ボタンを押しても、アカウントは何も変更されず、誰もログインしません。",
      action: "自分ではありません",
      footer: "元に戻された理由にお心当たりがあれば、対応は不要です。",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "リクエストを読み取れませんでした。",
    UNSUPPORTED_MEDIA_TYPE: "このリクエストはJSON（Content-Type: application/json）で送信してください。",
    BODY_TOO_LARGE: "リクエストのサイズが大きすぎます。",
    CROSS_SITE_REQUEST: "このリクエストは別のサイトから送信されたため、拒否されました。",
    NOT_FOUND: "指定されたアドレスには何もありません。",
    RATE_LIMITED: "試行回数が多すぎます。しばらくしてからもう一度お試しください。",
    RATE_LIMITED_WAIT: (minutes: number) => `試行回数が多すぎます。${durations.minutes(minutes)}待ってから、もう一度お試しください。`,
    LINK_UNKNOWN: "このログイン用リンクは無効です。新しいリンクをリクエストしてください。",
    LINK_USED: "このログイン用リンクは使用済みです。新しいリンクをリクエストしてください。",
    LINK_EXPIRED: "このログイン用リンクは有効期限切れです。新しいリンクをリクエストしてください。",
    CODE_UNKNOWN:
      "このブラウザーで使用できるコードはありません。メールをリクエストしたパソコンでコードを入力するか、新しいコードをリクエストしてください。",
    CODE_WRONG: "コードが正しくありません。",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) => plural("ja", left, { other: "コードが正しくありません。あと#回入力できます。" }),
    CODE_EXPIRED: "このコードは有効期限切れです。新しいメールをリクエストしてください。",
    CODE_SPENT: "このコードは使用できなくなりました。新しいメールをリクエストしてください。",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "コードが正しくないため、このコードは使用できなくなりました。新しいメールをリクエストしてください。",
    CAPTCHA_FAILED: "ログインに失敗しました",
    CAPTCHA_NOT_CONFIGURED: "このサーバーにはCAPTCHAプロバイダーが設定されていません。",
    CHALLENGE_REQUIRED: "続行するには、人間であることを確認してください。",
    CHALLENGE_FAILED: "確認を完了できませんでした。もう一度お試しください。",
    CHALLENGE_UNAVAILABLE: "現在、人間であることを確認できません。1分後にもう一度お試しいただくか、別の方法でサインインしてください。",
    INVALID_CREDENTIALS: "メールアドレスまたはパスワードが正しくありません",
    PASSWORD_LOGIN_DISABLED: "パスワードでのログインは無効になっています。メールアドレスでログインしてください。",
    NOT_SIGNED_IN: "先にログインしてください。",
    ADMIN_ONLY: "このページは管理者専用です。管理者アカウントでログインしてください。",
    STAFF_ONLY: "サポートコンソールはサポートチーム専用です。サポート担当者または管理者のアカウントでログインしてください。",
    ADMIN_ACTION_ONLY: "この操作は管理者のみが実行できます。",
    OWN_ACCOUNT: "サポートコンソールから自分のアカウントを操作することはできません。チームの他のメンバーに依頼してください。",
    ACCOUNT_DISABLED: "このアカウントは無効になっているため、ログインできません。サポートにお問い合わせください。",
    PASSWORD_INVALID: "新しいパスワードが要件を満たしていません。",
    PASSWORD_BREACHED:
      "このパスワードは、他のサイトから流出したパスワードのリストに含まれているため、ログインに使用できなくなりました。ログイン用リンクをメールでお送りしました。リンクを開いて、新しいパスワードを設定してください。",
    PASSWORD_ALREADY_SET:
      "このアカウントにはすでにパスワードが設定されています。変更するには、「パスワードをお忘れですか？」をご利用ください。",
    CURRENT_PASSWORD_MISSING: "現在のパスワードを入力してください。",
    CURRENT_PASSWORD_WRONG: "現在のパスワードが正しくありません。",
    GOOGLE_ONLY_WAY_IN:
      "メールで届くリンク以外のログイン方法はGoogleだけです。先にパスワードを設定してから、Googleとの連携を解除してください。",
    MICROSOFT_ONLY_WAY_IN:
      "メールで届くリンク以外のログイン方法はMicrosoftだけです。先にパスワードを設定してから、Microsoftとの連携を解除してください。",
    RESET_LINK_UNKNOWN: "このパスワード再設定リンクは無効です。新しいリンクをリクエストしてください。",
    RESET_LINK_USED: "このパスワード再設定リンクは使用済みです。新しいリンクをリクエストしてください。",
    RESET_LINK_EXPIRED: "このパスワード再設定リンクは有効期限切れです。新しいリンクをリクエストしてください。",
    DELETION_LINK_UNKNOWN: "このアカウント削除リンクは無効か、アカウントがすでに削除されています。",
    DELETION_LINK_USED: "このアカウント削除リンクは使用済みです。",
    DELETION_LINK_EXPIRED: "このアカウント削除リンクは有効期限切れです。マイアカウントページから新しいリンクをリクエストしてください。",
    PASSKEY_UNKNOWN:
      "このパスキーは登録されていないか、削除されています。メールアドレスでログインしてから、もう一度パスキーを追加してください。",
    PASSKEY_REFUSED: "このパスキーを確認できませんでした。もう一度お試しいただくか、メールアドレスでログインしてください。",
    PASSKEY_EXPIRED: "このパスキーのリクエストは有効期限切れか、すでに使用されています。もう一度お試しください。",
    RECENT_SIGN_IN_REQUIRED: "セキュリティ保護のため、先にご本人確認を行ってください。",
    PASSWORD_SET_IN_THIS_SESSION:
      "ここでログインした後に設定したパスワードでは、ご本人確認ができません。代わりにメールでコードを受け取ってください。",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "セキュリティ保護のため、もう一度ログインしてからパスワードを設定してください。",
    NOT_ME_LINK_UNKNOWN: "このリンクは無効です。メールからもう一度開いてください。",
    NOT_ME_LINK_USED: "このブラウザーは、このリンクですでにログアウトされています。",
    NOT_ME_LINK_EXPIRED: "このリンクは有効期限切れです。ブラウザーのログアウトはマイアカウントページから行えます。",
    SAME_EMAIL: "現在のメールアドレスと同じです。",
    APPROVAL_UNAVAILABLE:
      "このログインは、ここからは承認できなくなりました。代わりにこのデバイスでログインするか、新しいリンクをリクエストしてください。",
    APPROVAL_SAME_BROWSER: "このブラウザーがリンクをリクエストしたブラウザーです。ここでボタンを押してログインしてください。",
    EMAIL_UNDELIVERABLE:
      "このアドレスへのメールは配信できなかったため、再送していません。別のメールアドレスを使うか、別の方法でログインしてください。",
    APPROVAL_WRONG_NUMBER:
      "数字が一致しなかったため、ログインは行われませんでした。もう一方のデバイスで新しいリンクをリクエストしてください。",
    EMAIL_CHANGE_LINK_UNKNOWN: "このリンクは無効か、対象のアカウントが存在しなくなっています。メールからもう一度開いてください。",
    EMAIL_CHANGE_LINK_USED: "このメールアドレスの変更はすでに確認済みです。",
    EMAIL_CHANGE_LINK_EXPIRED: "このリンクは有効期限切れです。マイアカウントページから、もう一度変更をリクエストしてください。",
    EMAIL_CHANGE_CANCELLED: "このメールアドレスの変更はキャンセルされました。変更は行われていません。",
    EMAIL_CHANGE_REPLACED:
      "より新しいリクエストがあったため、このリクエストは無効になりました。最新のメールにあるリンクを使用してください。",
    EMAIL_CHANGE_UNDONE: "このメールアドレスの変更は、変更前のメールアドレスから取り消されました。",
    EMAIL_CHANGE_SUPERSEDED: "以前のメールアドレスの変更が取り消されたため、このリンクは使用できなくなりました。",
    EMAIL_CHANGE_CANCEL_LINK_USED: "この変更はすでにキャンセルされています。",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "このリンクは有効期限切れです。対象の変更も、もう確認できなくなっています。",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "この変更は、新しいメールアドレスですでに確認されています。このアドレスに送信された「メールアドレスが変更されました」というメールにある、取り消し用のリンクを使用してください。",
    EMAIL_UNDO_LINK_USED: "この変更はすでに取り消されています。",
    EMAIL_UNDO_LINK_EXPIRED: "この取り消し用リンクは有効期限切れです。アカウントを取り戻すには、サポートにお問い合わせください。",
    EMAIL_UNDO_DISPUTE_LINK_USED: "この変更についてはすでにお知らせいただいています。サポートチームが対応します。",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED: "このリンクは有効期限切れです。元に戻す操作にお心当たりがない場合は、サポートにお問い合わせください。",
    EMAIL_TAKEN_NOW: "このメールアドレスは現在、別のアカウントで使用されているため、変更できません。",
    OLD_EMAIL_TAKEN: "変更前のメールアドレスは現在、別のアカウントで使用されているため、元に戻せません。サポートにお問い合わせください。",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "このリンクは無効か、パスキーがすでに削除されています。",
    PASSKEY_REMOVAL_LINK_USED: "このパスキーはすでに削除されています。",
    PASSKEY_REMOVAL_LINK_EXPIRED: "このリンクは有効期限切れです。パスキーはマイアカウントページから削除できます。",
    DEVICE_NOT_FOUND: "このデバイスはお客様のアカウントに登録されていません。",
    BUSY: "現在、サーバーが混み合っています。しばらくしてからもう一度お試しください。",
    INTERNAL: "当社側で問題が発生しました。しばらくしてからもう一度お試しください。",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "ログイン",
    signInErrorTitle: "ログインエラー",
    signInErrorHeading: "ログインを完了できませんでした",
    signInErrorRetry: "アプリに戻って、もう一度お試しください。",
    signInExpiredTitle: "ログインの有効期限切れ",
    signInExpiredHeading: "ログインの有効期限が切れました",
    signInExpiredText: "アプリに戻って、もう一度ログインしてください。",
    loggingOut: "ログアウトしています",
    logoutQuestion: "ログアウトしますか？",
    logOut: "ログアウト",
  },
};
