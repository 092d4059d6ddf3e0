import { createHash } from "node:crypto";
import { normalizeEmail } from "../../common/email.ts";
import { addressForLimits, canonicalAddress } from "./client-address.ts";

/**
 * Every rate-limit bucket of the account server, in one place: what its key is made of, the
 * setting that holds its limit (and its default), and what it protects. Every bucket counts in the
 * one window RATE_LIMIT_WINDOW. Keys are built only by bucketKey, so their shape is declared once
 * and every part is bounded: emails are hashed (the table holds no addresses), anything long or
 * odd is hashed, so no request can make a key the database refuses to index.
 */
type PartKind = "email" | "address" | "origin" | "account" | "session";

interface BucketSpec {
  readonly prefix: string;
  readonly parts: readonly PartKind[];
  readonly setting: string;
  readonly defaultLimit: number;
  readonly maxLimit?: number;
  /**
   * Past its challenge threshold, the requests it counts are asked for a human check (decision 93,
   * server/auth/kernel/challenge-gate.ts) while short of its limit; "past-limit-too" where, past
   * the limit, the check stands in for the refusal (a password's step-up point).
   */
  readonly humanCheck?: "below-limit" | "past-limit-too";
}

export const BUCKETS = {
  accessLinkPerIp: {
    prefix: "access-link:ip",
    parts: ["address"],
    setting: "ACCESS_LINK_LIMIT_PER_IP",
    defaultLimit: 30,
    humanCheck: "below-limit",
  },
  /** Link mails one email is sent at others' request: the bound on mail-bombing a customer. */
  accessLinkPerEmail: {
    prefix: "access-link:email",
    parts: ["email"],
    setting: "ACCESS_LINK_LIMIT_PER_EMAIL",
    defaultLimit: 5,
    humanCheck: "below-limit",
  },
  /** The owner's own allowance from a device or address it signed in from: others cannot use it up. */
  accessLinkOwnOrigin: {
    prefix: "access-link:own",
    parts: ["email", "origin"],
    setting: "ACCESS_LINK_LIMIT_PER_EMAIL",
    defaultLimit: 5,
    humanCheck: "below-limit",
  },
  /**
   * "No account uses this address" notes one address is sent (HIDE_ACCOUNT_EXISTENCE, decision 94),
   * beside the link requests' own per-email count: a stranger's mailbox hears of the product rarely.
   * Past it the answer is the same and no note goes.
   */
  noAccountNotePerEmail: {
    prefix: "no-account-note:email",
    parts: ["email"],
    setting: "NO_ACCOUNT_NOTE_LIMIT_PER_EMAIL",
    defaultLimit: 2,
  },
  accessLinkConsumePerIp: {
    prefix: "access-link-consume:ip",
    parts: ["address"],
    setting: "ACCESS_LINK_CONSUME_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Typing an access link's code: each code also allows only 5 attempts of its own. */
  accessLinkCodePerIp: {
    prefix: "access-link-code:ip",
    parts: ["address"],
    setting: "ACCESS_LINK_CODE_LIMIT_PER_IP",
    defaultLimit: 30,
    humanCheck: "below-limit",
  },
  accountCheckPerIp: { prefix: "account-check:ip", parts: ["address"], setting: "ACCOUNT_CHECK_LIMIT_PER_IP", defaultLimit: 30 },
  passwordResetPerIp: {
    prefix: "password-reset:ip",
    parts: ["address"],
    setting: "PASSWORD_RESET_LIMIT_PER_IP",
    defaultLimit: 30,
    humanCheck: "below-limit",
  },
  passwordResetPerEmail: {
    prefix: "password-reset:email",
    parts: ["email"],
    setting: "PASSWORD_RESET_LIMIT_PER_EMAIL",
    defaultLimit: 5,
    humanCheck: "below-limit",
  },
  passwordResetOwnOrigin: {
    prefix: "password-reset:own",
    parts: ["email", "origin"],
    setting: "PASSWORD_RESET_LIMIT_PER_EMAIL",
    defaultLimit: 5,
    humanCheck: "below-limit",
  },
  /** Opening and spending reset links: each checks a secret. */
  resetCodePerIp: { prefix: "reset-code:ip", parts: ["address"], setting: "RESET_CODE_LIMIT_PER_IP", defaultLimit: 30 },
  setPasswordPerIp: { prefix: "set-password:ip", parts: ["address"], setting: "SET_PASSWORD_LIMIT_PER_IP", defaultLimit: 10 },
  setPasswordPerAccount: {
    prefix: "set-password:account",
    parts: ["account"],
    setting: "SET_PASSWORD_LIMIT_PER_ACCOUNT",
    defaultLimit: 5,
  },
  passwordFailuresPerIp: {
    prefix: "password-failures:ip",
    parts: ["address"],
    setting: "PASSWORD_FAILURE_LIMIT_PER_IP",
    defaultLimit: 300,
    humanCheck: "below-limit",
  },
  /** Every failure on one account, from anywhere: NIST SP 800-63B's at most 100 per hour. */
  passwordFailuresPerAccount: {
    prefix: "password-failures:email",
    parts: ["email"],
    setting: "PASSWORD_FAILURE_LIMIT_PER_ACCOUNT",
    defaultLimit: 100,
    maxLimit: 100,
    humanCheck: "below-limit",
  },
  /** Failures on one account from one address (or one of the owner's devices): the step-up point. */
  passwordFailuresPerEmailAndOrigin: {
    prefix: "password-failures:email-origin",
    parts: ["email", "origin"],
    setting: "PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP",
    defaultLimit: 10,
    humanCheck: "past-limit-too",
  },
  captchaChecksPerIp: { prefix: "captcha:ip", parts: ["address"], setting: "CAPTCHA_CHECK_LIMIT_PER_IP", defaultLimit: 120 },
  /** Requests to the OpenID token endpoint: each checks a code, refresh token or client secret. */
  oidcTokenPerIp: { prefix: "oidc-token:ip", parts: ["address"], setting: "TOKEN_LIMIT_PER_IP", defaultLimit: 600 },
  /**
   * Authorization requests: each that needs a sign-in stores the request for an hour. Generous
   * for an office behind one address, small next to what an attacker's loop would store.
   */
  oidcAuthorizePerIp: { prefix: "oidc-authorize:ip", parts: ["address"], setting: "AUTHORIZE_LIMIT_PER_IP", defaultLimit: 300 },
  /**
   * Changes a signed-in customer makes on the account page (name, sign-outs, passkeys, password),
   * counted per session: what the owner does to take the account back is never refused because
   * another session of the account (a thief's) used the allowance up.
   */
  accountChangesPerSession: {
    prefix: "account-changes:session",
    parts: ["account", "session"],
    setting: "ACCOUNT_CHANGE_LIMIT_PER_SESSION",
    defaultLimit: 60,
  },
  /** Codes mailed to confirm it is the owner, per session (a thief's session cannot use up the owner's). */
  confirmationCodeMailPerSession: {
    prefix: "confirmation-code-mail:session",
    parts: ["account", "session"],
    setting: "CONFIRMATION_CODE_MAIL_LIMIT_PER_SESSION",
    defaultLimit: 5,
  },
  /**
   * Downloads of the account's data: each reads everything held, so few, and apart from the
   * changes. Per session, as the changes are: a thief's session cannot use up the owner's.
   */
  accountExportsPerSession: {
    prefix: "account-export:session",
    parts: ["account", "session"],
    setting: "ACCOUNT_EXPORT_LIMIT_PER_SESSION",
    defaultLimit: 10,
  },
  /** "New sign-in" mails to one account: a burst of new browsers is told of, not mailed one by one. */
  newSignInMailPerAccount: {
    prefix: "new-sign-in-mail:account",
    parts: ["account"],
    setting: "NEW_SIGN_IN_MAIL_LIMIT_PER_ACCOUNT",
    defaultLimit: 5,
  },
  /** "Delete my account" mails one account is sent: each asks from a signed-in browser. */
  accountDeletionMailPerAccount: {
    prefix: "account-deletion-mail:account",
    parts: ["account"],
    setting: "ACCOUNT_DELETION_MAIL_LIMIT_PER_ACCOUNT",
    defaultLimit: 5,
  },
  /** Checking and confirming account deletion links: each checks a secret. */
  accountDeletionLinkPerIp: {
    prefix: "account-deletion-link:ip",
    parts: ["address"],
    setting: "ACCOUNT_DELETION_LINK_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Passkey sign-ins: each asks for a challenge, then checks a signature. */
  passkeySignInPerIp: { prefix: "passkey-sign-in:ip", parts: ["address"], setting: "PASSKEY_SIGN_IN_LIMIT_PER_IP", defaultLimit: 30 },
  /** Checking and spending the links that remove a passkey: each checks a secret. */
  passkeyRemovalLinkPerIp: {
    prefix: "passkey-removal-link:ip",
    parts: ["address"],
    setting: "PASSKEY_REMOVAL_LINK_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Email changes one account asks for (each mails the new address and the old one). */
  emailChangePerAccount: {
    prefix: "email-change:account",
    parts: ["account"],
    setting: "EMAIL_CHANGE_LIMIT_PER_ACCOUNT",
    defaultLimit: 5,
    humanCheck: "below-limit",
  },
  /** Email changes to one new address, from any account: the bound on mailing a stranger. */
  emailChangePerEmail: {
    prefix: "email-change:email",
    parts: ["email"],
    setting: "EMAIL_CHANGE_LIMIT_PER_EMAIL",
    defaultLimit: 3,
    humanCheck: "below-limit",
  },
  /** Checking and using the email change's links and codes: each checks a secret. */
  emailChangeLinkPerIp: {
    prefix: "email-change-link:ip",
    parts: ["address"],
    setting: "EMAIL_CHANGE_LINK_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Checking and using "This wasn't me" links: each checks a secret. */
  notMeLinkPerIp: {
    prefix: "not-me-link:ip",
    parts: ["address"],
    setting: "NOT_ME_LINK_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Passkey challenges: every sign-in screen asks for one as it opens (the autofill), so more. */
  passkeyChallengesPerIp: {
    prefix: "passkey-challenge:ip",
    parts: ["address"],
    setting: "PASSKEY_CHALLENGE_LIMIT_PER_IP",
    defaultLimit: 300,
    humanCheck: "below-limit",
  },
  /** What one support agent does in the console (searches, views, actions): a bound on a stolen agent session. */
  supportActionsPerAgent: {
    prefix: "support:agent",
    parts: ["account"],
    setting: "SUPPORT_ACTION_LIMIT_PER_AGENT",
    defaultLimit: 600,
  },
  /** Telemetry batches from the browser: each is a write. */
  telemetryPerIp: { prefix: "telemetry:ip", parts: ["address"], setting: "TELEMETRY_LIMIT_PER_IP", defaultLimit: 600 },
  /**
   * Telemetry events stored from every address together, counted per event: the bound on what
   * browsers can write however many addresses they use. Over it, events are dropped, not refused.
   */
  telemetryTotal: { prefix: "telemetry:all", parts: [], setting: "TELEMETRY_LIMIT_TOTAL", defaultLimit: 10_000 },
  /**
   * Telemetry events stored from one address, counted per event: its share of telemetryTotal, so
   * one address's flood leaves the others room. Its setting is a percentage of TELEMETRY_LIMIT_TOTAL,
   * not a count: the telemetry store turns it into one (server/telemetry/store.ts, addressShare).
   */
  telemetryEventsPerIp: {
    prefix: "telemetry-events:ip",
    parts: ["address"],
    setting: "TELEMETRY_SHARE_PER_IP",
    defaultLimit: 10,
    maxLimit: 100,
  },
  /** Google sign-ins started, and (separately) returned from, per address: each costs a round trip. */
  socialSignInStartPerIp: {
    prefix: "social-sign-in-start:ip",
    parts: ["address"],
    setting: "SOCIAL_SIGN_IN_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  socialSignInReturnPerIp: {
    prefix: "social-sign-in-return:ip",
    parts: ["address"],
    setting: "SOCIAL_SIGN_IN_LIMIT_PER_IP",
    defaultLimit: 30,
  },
  /** Security event tokens posted to /google/risc (decision 91): each is a signature check, and some a key fetch. */
  googleRiscPerIp: {
    prefix: "google-risc:ip",
    parts: ["address"],
    setting: "GOOGLE_RISC_LIMIT_PER_IP",
    defaultLimit: 300,
  },
  notificationSettingsPerIp: {
    prefix: "notifications:ip",
    parts: ["address"],
    setting: "NOTIFICATION_SETTING_LIMIT_PER_IP",
    defaultLimit: 120,
  },
} as const satisfies Record<string, BucketSpec>;

export type BucketName = keyof typeof BUCKETS;

/** Whether, and how far, a bucket's requests are asked for a human check (BucketSpec.humanCheck). */
export function humanCheckOf(bucket: BucketName): BucketSpec["humanCheck"] {
  return (BUCKETS[bucket] as BucketSpec).humanCheck;
}
export type BucketSetting = (typeof BUCKETS)[BucketName]["setting"];

/** Each limit setting once, with its default and ceiling: the configuration schema is built from it. */
export function bucketSettings(): Map<BucketSetting, { defaultLimit: number; maxLimit?: number }> {
  const settings = new Map<BucketSetting, { defaultLimit: number; maxLimit?: number }>();
  for (const spec of Object.values(BUCKETS) as BucketSpec[]) {
    const known = settings.get(spec.setting as BucketSetting);
    if (known && known.defaultLimit !== spec.defaultLimit) throw new Error(`${spec.setting}: buckets disagree on its default`);
    settings.set(spec.setting as BucketSetting, {
      defaultLimit: spec.defaultLimit,
      ...(spec.maxLimit === undefined ? {} : { maxLimit: spec.maxLimit }),
    });
  }
  return settings;
}

const MAX_PART_LENGTH = 64;

function digest(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

function keyPart(kind: PartKind, value: string): string {
  if (kind === "email") return `e.${digest(normalizeEmail(value))}`;
  // Canonical first: an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) is a.b.c.d, not a /64.
  const part = kind === "address" ? addressForLimits(canonicalAddress(value) ?? value) : value;
  return part.length <= MAX_PART_LENGTH && /^[\w.:/-]+$/.test(part) ? part : `h.${digest(part)}`;
}

/** The counter key of one bucket for the given parts (in the order the bucket declares them). */
export function bucketKey(bucket: BucketName, ...values: string[]): string {
  const spec: BucketSpec = BUCKETS[bucket];
  if (values.length !== spec.parts.length) throw new Error(`${bucket}: expects ${spec.parts.join(", ")}`);
  return [spec.prefix, ...spec.parts.map((kind, index) => keyPart(kind, values[index] ?? ""))].join("|");
}

/**
 * The start of every counter key that names one account or one email (the account's own
 * allowances, its failed passwords, the mail sent to it): what deleting the account deletes. A
 * bucket of more parts continues such a key with "|" and the rest.
 * Each comes with its bucket (the support console names them).
 */
export function bucketsNaming(accountId: string, email: string): { bucket: BucketName; prefix: string }[] {
  return (Object.entries(BUCKETS) as [BucketName, BucketSpec][]).flatMap(([bucket, spec]) => {
    const [first] = spec.parts;
    if (first === "account") return [{ bucket, prefix: `${spec.prefix}|${keyPart("account", accountId)}` }];
    if (first === "email") return [{ bucket, prefix: `${spec.prefix}|${keyPart("email", email)}` }];
    return [];
  });
}
