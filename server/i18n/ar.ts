import { durations, passwordRules } from "../../common/i18n/ar.ts";
import { type Catalogue, plural } from "../../common/i18n/catalogue.ts";
import type { strings as english } from "./en.ts";

/**
 * Everything the server itself says to a customer, in Arabic (Modern Standard Arabic, addressing
 * the user in the masculine-neutral form usual in software). Terms: docs/languages/ar.md.
 */
export const strings: Catalogue<typeof english> = {
  /** Durations as a sentence says them, after «خلال» or «لمدة»: "ساعة واحدة", "يومين". */
  units: {
    ...durations,
    linkDays: (count: number) =>
      plural("ar", count, { zero: "# يوم", one: "يوم واحد", two: "يومين", few: "# أيام", many: "# يومًا", other: "# يوم" }),
  },
  passwordRules,
  mail: {
    browserOn: (browser: string, system: string) => `${browser} على ${system}`,
    unknownBrowser: "متصفح غير معروف",
    /** For mail programs that do not show the button, or a customer who would rather copy the link. */
    pasteTheAddress: "إذا لم يعمل الزر، فافتح هذا العنوان في المتصفح:",
    /** The screen's own words for the link's lifetime, then that it works once. */
    expiry: (lifetime: string) => `تنتهي صلاحية الرابط خلال ${lifetime}، ويمكن استخدامه مرة واحدة فقط.`,
    /** Before the address in the text part: "تسجيل الدخول: https://…". */
    signInLine: "تسجيل الدخول",
    signInTo: (brand: string) => `تسجيل الدخول إلى ${brand}`,
    ifThisWasYou: "إذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء آخر.",
    ifItWasNotYou:
      "إذا لم تكن أنت من قام بذلك، فأعد تعيين كلمة المرور فورًا باستخدام الرابط «هل نسيت كلمة المرور؟» في صفحة تسجيل الدخول، وتواصل مع فريق الدعم.",
    accessLink: {
      subject: (brand: string) => `رابط تسجيل الدخول إلى ${brand}`,
      intro: (brand: string) => `إليك رابط الدخول الشخصي لتسجيل الدخول إلى ${brand}.`,
      /** Before the six digits, for the computer that asked. */
      code: (lifetime: string) =>
        `هل تقرأ هذه الرسالة على جهاز آخر؟ اكتب هذا الرمز بدلًا من ذلك على الكمبيوتر الذي طلبت منه هذه الرسالة (يبقى صالحًا لمدة ${lifetime}):`,
      footer: "إذا لم تطلب تسجيل الدخول، فيمكنك تجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول دون هذا الرابط أو الرمز.",
      /** A link our support team sent, which has no code. */
      footerFromSupport: "إذا لم تطلب رابطًا من فريق الدعم لدينا، فيمكنك تجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول دونه.",
    },
    passwordReset: {
      subject: (brand: string) => `إعادة تعيين كلمة مرور ${brand}`,
      intro: (brand: string) => `تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في ${brand}.`,
      action: "تعيين كلمة مرور جديدة",
      footer: "إذا لم تطلب ذلك، فيمكنك تجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.",
    },
    passwordChanged: {
      subject: (brand: string) => `تم تغيير كلمة مرور ${brand}`,
      intro: (brand: string) => `تم للتو تغيير كلمة مرور حسابك في ${brand}، وتم تسجيل الخروج من جميع الأماكن الأخرى.`,
    },
    passwordSet: {
      subject: (brand: string) => `تم تعيين كلمة مرور لحسابك في ${brand}`,
      intro: (brand: string) =>
        `تم للتو تعيين كلمة مرور لحسابك في ${brand}: أصبح بالإمكان الآن تسجيل الدخول إليه بكلمة المرور، إلى جانب الرابط المُرسل بالبريد الإلكتروني.`,
    },
    newSignIn: {
      subject: (brand: string) => `تسجيل دخول جديد إلى حسابك في ${brand}`,
      intro: (brand: string) => `تم للتو تسجيل الدخول إلى حسابك في ${brand} من متصفح لم يُستخدم معه من قبل.`,
      /** "Chrome on Windows، بالقرب من 203.0.113.0، في 25 نوفمبر 2026، 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}، بالقرب من ${network}، في ${when}.`,
      advice: "إذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء.",
      accountLine: "حسابك",
      action: "مراجعة حسابك",
      notMe: "لم أكن أنا",
      footer:
        "إذا لم تكن أنت من قام بذلك، فاضغط على «لم أكن أنا»: يؤدي ذلك إلى تسجيل الخروج من ذلك المتصفح في حسابك وفي جميع التطبيقات التي سجّل الدخول إليها، وإلى إزالة أي مفتاح مرور أضافه.",
    },
    confirmationCode: {
      subject: (brand: string) => `رمز التأكيد لحسابك في ${brand}`,
      intro: (brand: string) => `استخدم هذا الرمز لتأكيد هويتك في صفحة حسابك في ${brand}.`,
      /** Before the six digits: "يبقى الرمز صالحًا لمدة 10 دقائق، في المتصفح الذي طلبه فقط:". */
      code: (lifetime: string) => `يبقى الرمز صالحًا لمدة ${lifetime}، في المتصفح الذي طلبه فقط:`,
      footer:
        "إذا لم تطلب هذا الرمز، فربما سجّل شخص آخر الدخول إلى حسابك: سجّل الخروج من كل مكان في صفحة حسابك، وأعد تعيين كلمة المرور إذا كانت لديك كلمة مرور.",
    },
    passkeyAdded: {
      subject: (brand: string) => `تمت إضافة مفتاح مرور إلى حسابك في ${brand}`,
      intro: (brand: string) =>
        `تمت إضافة مفتاح مرور إلى حسابك في ${brand}. يتيح هذا المفتاح تسجيل الدخول دون بريد إلكتروني ودون كلمة مرور.`,
      /** "Chrome on Windows، بالقرب من 203.0.113.0، في 25 نوفمبر 2026، 19:30 UTC." */
      details: (browser: string, network: string, when: string) => `${browser}، بالقرب من ${network}، في ${when}.`,
      kept: (provider: string) => `تم حفظه في ${provider}.`,
      advice: "إذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء.",
      action: "إزالة مفتاح المرور هذا",
      footer:
        "إذا لم تكن أنت من قام بذلك، فأزِله الآن: يؤدي ذلك أيضًا إلى تسجيل الخروج من المتصفح الذي أضافه. ثم سجّل الخروج من كل مكان في صفحة حسابك.",
    },
    accountDeletion: {
      subject: (brand: string) => `تأكيد حذف حسابك في ${brand}`,
      intro: (brand: string) => `تلقّينا طلبًا لحذف حسابك في ${brand}.`,
      what: "يؤدي الحذف إلى تسجيل خروجك من جميع المتصفحات والتطبيقات، وحذف طرق تسجيل الدخول المرتبطة (مثل Google)، وأجهزة الكمبيوتر وإعداداتها، وتراخيصك، وجميع البيانات الشخصية التي نحتفظ بها عنك. ولا يمكن استعادة الحساب بعد حذفه.",
      action: "حذف حسابي",
      footer: "إذا لم تطلب ذلك، فيمكنك تجاهل هذه الرسالة: سيبقى حسابك كما هو.",
    },
    accountDeleted: {
      subject: (brand: string) => `تم حذف حسابك في ${brand}`,
      intro: (brand: string) => `تم حذف حسابك في ${brand}.`,
      what: "تم إنهاء جميع جلسات تسجيل الدخول، وحذف طرق تسجيل الدخول المرتبطة، وأجهزة الكمبيوتر وإعداداتها، والتراخيص، وجميع البيانات الشخصية التي كنا نحتفظ بها عنك. ولا يمكن استعادة الحساب بعد حذفه.",
      footer: (brand: string) => `هذه آخر رسالة بخصوص هذا الحساب. إذا لم تطلب ذلك، فتواصل مع فريق الدعم في ${brand}.`,
    },
    googleUnlinked: {
      subject: (brand: string) => `تم إلغاء ربط حساب Google بحسابك في ${brand}`,
      intro: (brand: string) =>
        `تمت إزالة تسجيل الدخول باستخدام Google من حسابك في ${brand}: لم يعد بالإمكان تسجيل الدخول إليه باستخدام حساب Google ذلك.`,
      footer:
        "إذا لم تكن أنت من قام بذلك، فسجّل الدخول باستخدام رابط مُرسل بالبريد الإلكتروني وراجع حسابك: سجّل الخروج من كل مكان، وغيّر كلمة المرور إذا كانت لديك كلمة مرور.",
    },
    microsoftUnlinked: {
      subject: (brand: string) => `تم إلغاء ربط حساب Microsoft بحسابك في ${brand}`,
      intro: (brand: string) =>
        `تمت إزالة تسجيل الدخول باستخدام Microsoft من حسابك في ${brand}: لم يعد بالإمكان تسجيل الدخول إليه باستخدام حساب Microsoft ذلك.`,
      footer:
        "إذا لم تكن أنت من قام بذلك، فسجّل الدخول باستخدام رابط مُرسل بالبريد الإلكتروني وراجع حسابك: سجّل الخروج من كل مكان، وغيّر كلمة المرور إذا كانت لديك كلمة مرور.",
    },
    /** Google said the Google account was hijacked: sign-ins ended, Google sign-in held (decision 91). */
    googleHeld: {
      subject: (brand: string) => `تم إيقاف تسجيل الدخول باستخدام Google إلى حسابك في ${brand} مؤقتًا`,
      intro: (brand: string) =>
        `أبلغتنا Google أن شخصًا آخر ربما استولى على حساب Google الذي تسجّل به الدخول إلى ${brand}. لحماية حسابك في ${brand}، سجّلنا خروجه من كل المتصفحات والتطبيقات، وأوقفنا تسجيل الدخول باستخدام Google مؤقتًا.`,
      footer:
        "سجّل الدخول بكلمة المرور أو بمفتاح مرور لتستخدم Google مجددًا، أو تواصل مع فريق الدعم. وقبل ذلك، أمّن حسابك في Google لدى Google. لا تُحتسب كلمة مرور أو مفتاح مرور أُضيف في الشهر السابق.",
    },
    /** To the new address: the link (and, for the browser that asked, the code) that confirms it. */
    emailChange: {
      subject: (brand: string) => `تأكيد بريدك الإلكتروني الجديد في ${brand}`,
      intro: (brand: string, email: string) => `أكّد أن ${email} هو البريد الإلكتروني الجديد لحسابك في ${brand}.`,
      what: "لن يتغيّر شيء حتى تؤكّد: يحتفظ الحساب ببريده الإلكتروني الحالي.",
      action: "تأكيد البريد الإلكتروني الجديد",
      /** Before the six digits, when the change was asked for on the account page. */
      code: (lifetime: string) => `أو اكتب هذا الرمز في صفحة حسابك، في المتصفح الذي طلب التغيير، خلال ${lifetime}:`,
      footer: "إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغيّر شيء ما لم يتم التأكيد من هذا العنوان.",
    },
    /** To the old address, at once: who asked, and "This wasn't me", which cancels it. */
    emailChangeRequested: {
      subject: (brand: string) => `طلب شخص ما تغيير البريد الإلكتروني لحسابك في ${brand}`,
      intro: (brand: string, masked: string) => `طلب شخص ما تغيير البريد الإلكتروني لحسابك في ${brand} إلى ${masked}.`,
      what: "لن يتغيّر شيء ما لم يتم التأكيد من العنوان الجديد. إذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء.",
      action: "لم أكن أنا",
      footer:
        "إذا لم تكن أنت من قام بذلك، فاضغط على «لم أكن أنا»: يؤدي ذلك إلى إلغاء التغيير وتسجيل الخروج من المتصفح الذي طلبه. ثم سجّل الخروج من كل مكان في صفحة حسابك.",
    },
    /** To a new address that already has an account: the answer on the page was as for a free one. */
    emailInUse: {
      subject: (brand: string) => `حاول شخص ما استخدام هذا البريد الإلكتروني لحساب في ${brand}`,
      intro: (brand: string) =>
        `طلب شخص ما تغيير البريد الإلكتروني لحساب في ${brand} إلى هذا العنوان، لكن هذا العنوان مرتبط بالفعل بحساب في ${brand}.`,
      what: "لم يتم تغيير أي شيء. إذا كنت أنت من قام بذلك، فسجّل الدخول بهذا العنوان بدلًا من ذلك؛ إذ لا يمكن ربط العنوان إلا بحساب واحد.",
      footer: "إذا لم تكن أنت من قام بذلك، فيمكنك تجاهل هذه الرسالة.",
    },
    noAccount: {
      subject: (brand: string) => `لا يوجد حساب في ${brand} يستخدم هذا البريد الإلكتروني`,
      intro: (brand: string) =>
        `طلب شخص ما، ربما أنت، تسجيل الدخول إلى ${brand} بعنوان البريد الإلكتروني هذا، لكن لا يوجد حساب في ${brand} يستخدم هذا العنوان.`,
      what: "إذا كنت تريد تسجيل الدخول، فجرّب عنوان البريد الإلكتروني الذي يستخدمه حسابك.",
      create: "لإنشاء حساب بهذا العنوان بدلًا من ذلك:",
      action: "أنشئ حسابك",
      footer: "إذا لم تكن أنت من قام بذلك، فيمكنك تجاهل هذه الرسالة: لم يتم إنشاء أي شيء أو تغييره.",
    },
    /** To the old address once the new one confirmed: the undo link. */
    emailChanged: {
      subject: (brand: string) => `تم تغيير بريدك الإلكتروني في ${brand}`,
      intro: (brand: string, masked: string) => `تم تغيير البريد الإلكتروني لحسابك في ${brand} إلى ${masked}.`,
      what: (lifetime: string) =>
        `إذا لم تكن أنت من قام بذلك، فتراجع عن هذا التغيير خلال ${lifetime}: سيعود بريدك الإلكتروني إلى هذا العنوان، وسيتم تسجيل الخروج من جميع المتصفحات والتطبيقات، وإزالة مفاتيح المرور التي أُضيفت منذ ذلك الحين.`,
      action: "التراجع عن هذا التغيير",
      footer: "إذا كنت أنت من قام بذلك، فلا حاجة إلى أي إجراء.",
    },
    /** To the address an undo replaced: the account went back to an earlier address. */
    emailChangedBack: {
      subject: (brand: string) => `أُعيد بريدك الإلكتروني في ${brand} إلى العنوان السابق`,
      intro: (brand: string, masked: string) =>
        `أُعيد البريد الإلكتروني لحسابك في ${brand} إلى ${masked} عبر رابط التراجع المُرسل إلى ذلك العنوان، وتم تسجيل الخروج من جميع المتصفحات والتطبيقات.`,
      what: "إذا لم تكن تتوقع ذلك، فأخبرنا عبر الزر أدناه: سيتولى فريق الدعم لدينا مراجعة الأمر. لا يغيّر الضغط عليه شيئًا في حسابك ولا يُسجّل دخول أي أحد.",
      action: "لم أكن أنا",
      footer: "إذا كنت تعرف سبب إعادته، فلا حاجة إلى أي إجراء.",
    },
  },
  /** The messages of refused requests, by their code (server/base/errors.ts); the app shows them. */
  errors: {
    BAD_REQUEST: "تعذّرت قراءة الطلب.",
    UNSUPPORTED_MEDIA_TYPE: "أرسل هذا الطلب بتنسيق JSON (Content-Type: application/json).",
    BODY_TOO_LARGE: "الطلب كبير جدًا.",
    CROSS_SITE_REQUEST: "تم رفض هذا الطلب لأنه صادر من موقع آخر.",
    NOT_FOUND: "لا يوجد شيء على هذا العنوان.",
    RATE_LIMITED: "محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى لاحقًا.",
    RATE_LIMITED_WAIT: (minutes: number) => `محاولات كثيرة جدًا. يُرجى الانتظار ${durations.minutes(minutes)} ثم المحاولة مرة أخرى.`,
    LINK_UNKNOWN: "رابط الدخول هذا غير صالح. يُرجى طلب رابط جديد.",
    LINK_USED: "سبق استخدام رابط الدخول هذا. يُرجى طلب رابط جديد.",
    LINK_EXPIRED: "انتهت صلاحية رابط الدخول هذا. يُرجى طلب رابط جديد.",
    CODE_UNKNOWN: "لا يوجد رمز بانتظار هذا المتصفح. اكتب الرمز على الكمبيوتر الذي طلبت منه الرسالة، أو اطلب رمزًا جديدًا.",
    CODE_WRONG: "هذا الرمز غير صحيح.",
    /** A wrong code with tries left (`CODE_WRONG` with the count). */
    CODE_WRONG_TRIES_LEFT: (left: number) =>
      plural("ar", left, {
        zero: "هذا الرمز غير صحيح. لم تتبقَّ لديك أي محاولة.",
        one: "هذا الرمز غير صحيح. تتبقّى لديك محاولة واحدة.",
        two: "هذا الرمز غير صحيح. تتبقّى لديك محاولتان.",
        few: "هذا الرمز غير صحيح. تتبقّى لديك # محاولات.",
        many: "هذا الرمز غير صحيح. تتبقّى لديك # محاولة.",
        other: "هذا الرمز غير صحيح. تتبقّى لديك # محاولة.",
      }),
    CODE_EXPIRED: "انتهت صلاحية هذا الرمز. يُرجى طلب رسالة جديدة.",
    CODE_SPENT: "لم يعد بالإمكان استخدام هذا الرمز. يُرجى طلب رسالة جديدة.",
    /** The last wrong try (`CODE_SPENT` after a wrong code). */
    CODE_SPENT_AFTER_WRONG: "هذا الرمز غير صحيح، ولم يعد بالإمكان استخدامه. يُرجى طلب رسالة جديدة.",
    CAPTCHA_FAILED: "تعذّر تسجيل الدخول",
    CAPTCHA_NOT_CONFIGURED: "لم يتم إعداد أي مزوّد لاختبار CAPTCHA على هذا الخادم.",
    CHALLENGE_REQUIRED: "يُرجى تأكيد أنك شخص حقيقي للمتابعة.",
    CHALLENGE_FAILED: "لم يكتمل هذا التحقق. يُرجى المحاولة مرة أخرى.",
    CHALLENGE_UNAVAILABLE: "لا يمكننا التحقق الآن من أنك شخص حقيقي. يُرجى المحاولة مرة أخرى بعد دقيقة، أو تسجيل الدخول بطريقة أخرى.",
    INVALID_CREDENTIALS: "عنوان البريد الإلكتروني أو كلمة المرور غير صحيحة",
    PASSWORD_LOGIN_DISABLED: "تسجيل الدخول بكلمة المرور متوقف. يُرجى تسجيل الدخول باستخدام بريدك الإلكتروني.",
    NOT_SIGNED_IN: "يُرجى تسجيل الدخول أولًا.",
    ADMIN_ONLY: "هذه الصفحة مخصصة للمسؤولين. سجّل الدخول بحساب مسؤول.",
    STAFF_ONLY: "وحدة تحكم الدعم مخصصة لفريق الدعم. سجّل الدخول بحساب دعم أو بحساب مسؤول.",
    ADMIN_ACTION_ONLY: "لا يمكن تنفيذ هذا الإجراء إلا بواسطة مسؤول.",
    OWN_ACCOUNT: "لا يمكنك إجراء تغييرات على حسابك الشخصي من وحدة تحكم الدعم. اطلب ذلك من عضو آخر في الفريق.",
    ACCOUNT_DISABLED: "هذا الحساب معطّل، لذا لا يمكن تسجيل الدخول به. يُرجى التواصل مع فريق الدعم.",
    PASSWORD_INVALID: "كلمة المرور الجديدة لا تستوفي الشروط المطلوبة.",
    PASSWORD_BREACHED:
      "كلمة المرور هذه مدرجة في قائمة بكلمات مرور مسرّبة من مواقع أخرى، لذا لم يعد بالإمكان تسجيل الدخول بها. أرسلنا إليك رابط دخول بالبريد الإلكتروني: افتحه، ثم عيّن كلمة مرور جديدة.",
    PASSWORD_ALREADY_SET: "لهذا الحساب كلمة مرور بالفعل. لتغييرها، استخدم الرابط «هل نسيت كلمة المرور؟».",
    CURRENT_PASSWORD_MISSING: "أدخل كلمة المرور الحالية.",
    CURRENT_PASSWORD_WRONG: "كلمة المرور الحالية غير صحيحة.",
    GOOGLE_ONLY_WAY_IN:
      "حساب Google هو طريقتك الوحيدة لتسجيل الدخول إلى جانب الرابط المُرسل بالبريد الإلكتروني. عيّن كلمة مرور أولًا، ثم ألغِ ربط Google.",
    MICROSOFT_ONLY_WAY_IN:
      "حساب Microsoft هو طريقتك الوحيدة لتسجيل الدخول إلى جانب الرابط المُرسل بالبريد الإلكتروني. عيّن كلمة مرور أولًا، ثم ألغِ ربط Microsoft.",
    RESET_LINK_UNKNOWN: "رابط إعادة تعيين كلمة المرور هذا غير صالح. يُرجى طلب رابط جديد.",
    RESET_LINK_USED: "سبق استخدام رابط إعادة تعيين كلمة المرور هذا. يُرجى طلب رابط جديد.",
    RESET_LINK_EXPIRED: "انتهت صلاحية رابط إعادة تعيين كلمة المرور هذا. يُرجى طلب رابط جديد.",
    DELETION_LINK_UNKNOWN: "رابط حذف الحساب هذا غير صالح، أو أن الحساب محذوف بالفعل.",
    DELETION_LINK_USED: "سبق استخدام رابط حذف الحساب هذا.",
    DELETION_LINK_EXPIRED: "انتهت صلاحية رابط حذف الحساب هذا. اطلب رابطًا جديدًا من صفحة حسابك.",
    PASSKEY_UNKNOWN: "مفتاح المرور هذا غير مسجّل لدينا، أو تمت إزالته. سجّل الدخول باستخدام بريدك الإلكتروني، ثم أضف مفتاح مرور من جديد.",
    PASSKEY_REFUSED: "تعذّر التحقق من مفتاح المرور هذا. يُرجى المحاولة مرة أخرى، أو تسجيل الدخول باستخدام بريدك الإلكتروني.",
    PASSKEY_EXPIRED: "انتهت صلاحية طلب مفتاح المرور هذا أو سبق استخدامه. يُرجى المحاولة مرة أخرى.",
    RECENT_SIGN_IN_REQUIRED: "حفاظًا على أمانك، يُرجى تأكيد هويتك أولًا.",
    PASSWORD_SET_IN_THIS_SESSION: "لا يمكن لكلمة مرور عُيّنت بعد تسجيل دخولك هنا أن تؤكد هويتك. اطلب رمزًا عبر البريد الإلكتروني بدلًا من ذلك.",
    SIGN_IN_AGAIN_TO_SET_PASSWORD: "حفاظًا على أمانك، يُرجى تسجيل الدخول مرة أخرى ثم تعيين كلمة المرور.",
    NOT_ME_LINK_UNKNOWN: "هذا الرابط غير صالح. افتحه مرة أخرى من رسالة البريد الإلكتروني.",
    NOT_ME_LINK_USED: "تم تسجيل الخروج من هذا المتصفح بالفعل باستخدام هذا الرابط.",
    NOT_ME_LINK_EXPIRED: "انتهت صلاحية هذا الرابط. لا يزال بإمكانك تسجيل الخروج من أي متصفح من صفحة حسابك.",
    SAME_EMAIL: "هذا هو بريدك الإلكتروني بالفعل.",
    APPROVAL_UNAVAILABLE:
      "لم يعد بالإمكان الموافقة على تسجيل الدخول هذا من هنا. سجّل الدخول على هذا الجهاز بدلًا من ذلك، أو اطلب رابطًا جديدًا.",
    APPROVAL_SAME_BROWSER: "هذا هو المتصفح الذي طلب الرابط: سجّل الدخول هنا باستخدام الزر.",
    EMAIL_UNDELIVERABLE:
      "تعذّر تسليم رسالتنا إلى هذا العنوان، لذا لم نرسل رسالة أخرى. استخدم بريدًا إلكترونيًا آخر أو سجّل الدخول بطريقة أخرى.",
    APPROVAL_WRONG_NUMBER: "هذا الرقم غير مطابق، لذا لم يتم تسجيل دخول أحد. اطلب رابطًا جديدًا على جهازك الآخر.",
    EMAIL_CHANGE_LINK_UNKNOWN: "هذا الرابط غير صالح، أو أن الحساب المرتبط به لم يعد موجودًا. افتحه مرة أخرى من رسالة البريد الإلكتروني.",
    EMAIL_CHANGE_LINK_USED: "سبق تأكيد تغيير البريد الإلكتروني هذا.",
    EMAIL_CHANGE_LINK_EXPIRED: "انتهت صلاحية هذا الرابط. اطلب التغيير مرة أخرى من صفحة حسابك.",
    EMAIL_CHANGE_CANCELLED: "تم إلغاء تغيير البريد الإلكتروني هذا. لم يتم تغيير أي شيء.",
    EMAIL_CHANGE_REPLACED: "حلّ طلب أحدث محل هذا الطلب. استخدم الرابط الموجود في أحدث رسالة.",
    EMAIL_CHANGE_UNDONE: "تم التراجع عن تغيير البريد الإلكتروني هذا من العنوان القديم.",
    EMAIL_CHANGE_SUPERSEDED: "تم التراجع عن تغيير سابق للبريد الإلكتروني، لذا لم يعد هذا الرابط صالحًا.",
    EMAIL_CHANGE_CANCEL_LINK_USED: "تم إلغاء هذا التغيير بالفعل.",
    EMAIL_CHANGE_CANCEL_LINK_EXPIRED: "انتهت صلاحية هذا الرابط، ولم يعد بالإمكان تأكيد التغيير المتعلق به.",
    EMAIL_CHANGE_ALREADY_CONFIRMED:
      "سبق أن أكّد العنوان الجديد هذا التغيير. استخدم رابط التراجع في رسالة «تم تغيير بريدك الإلكتروني» المُرسلة إلى هذا العنوان.",
    EMAIL_UNDO_LINK_USED: "تم التراجع عن هذا التغيير بالفعل.",
    EMAIL_UNDO_LINK_EXPIRED: "انتهت صلاحية رابط التراجع هذا. تواصل مع فريق الدعم لاستعادة حسابك.",
    EMAIL_UNDO_DISPUTE_LINK_USED: "لقد أبلغتنا بالفعل عن هذا التغيير. فريق الدعم لدينا يتابعه.",
    EMAIL_UNDO_DISPUTE_LINK_EXPIRED: "انتهت صلاحية هذا الرابط. إذا لم تكن أنت من أعاد العنوان السابق، فتواصل مع فريق الدعم.",
    EMAIL_TAKEN_NOW: "أصبح هذا العنوان مرتبطًا بحساب آخر، لذا لا يمكن إجراء التغيير.",
    OLD_EMAIL_TAKEN: "أصبح عنوانك القديم مرتبطًا بحساب آخر، لذا لا يمكن استعادته. تواصل مع فريق الدعم.",
    PASSKEY_REMOVAL_LINK_UNKNOWN: "هذا الرابط غير صالح، أو أن مفتاح المرور أُزيل بالفعل.",
    PASSKEY_REMOVAL_LINK_USED: "تمت إزالة مفتاح المرور هذا بالفعل.",
    PASSKEY_REMOVAL_LINK_EXPIRED: "انتهت صلاحية هذا الرابط. لا يزال بإمكانك إزالة مفتاح المرور من صفحة حسابك.",
    DEVICE_NOT_FOUND: "هذا الجهاز غير مرتبط بحسابك.",
    BUSY: "نواجه ضغطًا كبيرًا في الوقت الحالي. يُرجى المحاولة مرة أخرى بعد قليل.",
    INTERNAL: "حدث خطأ ما لدينا. يُرجى المحاولة مرة أخرى بعد قليل.",
  },
  /** The pages the server writes itself: the OpenID Provider's error, expiry and logout pages. */
  pages: {
    /** The app's page before a screen names it. */
    appTitle: "تسجيل الدخول",
    signInErrorTitle: "خطأ في تسجيل الدخول",
    signInErrorHeading: "تعذّر إكمال تسجيل الدخول هذا",
    signInErrorRetry: "ارجع إلى التطبيق وحاول مرة أخرى.",
    signInExpiredTitle: "انتهت صلاحية تسجيل الدخول",
    signInExpiredHeading: "انتهت صلاحية تسجيل الدخول هذا",
    signInExpiredText: "ارجع إلى التطبيق وسجّل الدخول مرة أخرى.",
    loggingOut: "جارٍ تسجيل خروجك",
    logoutQuestion: "هل تريد تسجيل الخروج؟",
    logOut: "تسجيل الخروج",
  },
};
