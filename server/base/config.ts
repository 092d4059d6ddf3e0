import { createHash, randomBytes } from "node:crypto";
import { dirname, join, resolve as resolvePath } from "node:path";
import { z } from "zod";
import { CHALLENGE_PROVIDERS, type ChallengeProvider } from "../../common/challenge.ts";
import { parseDuration } from "../../common/duration.ts";
import { allowedHostEntry } from "./public-address.ts";
import { BUCKETS, type BucketName, type BucketSetting, bucketSettings } from "./rate-limit-buckets.ts";

/**
 * Every setting of the account server, read from the environment and validated once at boot.
 * A bad value stops the server with one message that names every bad variable (see formatConfigErrors).
 * docs/configuration.md lists the same variables with the same defaults.
 */

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => parseDuration(value) !== undefined, { message: 'must look like "30m", "1h" or "1d"' })
    .transform((value) => parseDuration(value) as number);

const positiveInt = z.coerce.number({ message: "must be a number" }).int("must be a whole number").positive("must be above 0");

/** One setting per rate-limit bucket setting (rate-limit-buckets.ts), with its default and ceiling. */
const limitSettings = Object.fromEntries(
  [...bucketSettings()].map(([name, { defaultLimit, maxLimit }]) => [
    name,
    (maxLimit === undefined ? positiveInt : positiveInt.max(maxLimit, `must be at most ${maxLimit}`)).default(defaultLimit),
  ]),
) as Record<BucketSetting, z.ZodDefault<typeof positiveInt>>;

const absoluteUrl = z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
  message: "must be an absolute http(s) URL",
});

const originList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(absoluteUrl.transform((value) => new URL(value).origin)));

/**
 * Which X-Forwarded-For hops to believe: "false" (none), a number of proxies in front of the server,
 * or their addresses. Not "true": trusting every hop would let a client write its own address and
 * step around every per-address rate limit.
 */
const trustProxy = z.string().transform((value, context) => {
  if (value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (value !== "true" && addresses.length > 0 && addresses.every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))) return addresses;
  context.addIssue({
    code: "custom",
    message: 'must be false, the number of proxies in front (e.g. 1), or their addresses (e.g. "10.0.0.0/8,127.0.0.1")',
  });
  return z.NEVER;
});

/**
 * MAIL_KEYS: the keys queued mail bodies are encrypted with (server/mail/body-encryption.ts), each
 * 32 random bytes in base64, the newest first. Checked here by shape only, so config stays free of
 * the mail module.
 */
const mailKeys = z.string().transform((value, context) => {
  const keys = value
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  const valid = (key: string) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(key) && Buffer.from(key, "base64").length === 32;
  if (keys.length > 0 && keys.every(valid)) return keys;
  context.addIssue({
    code: "custom",
    message: "must be one or more keys of 32 random bytes in base64 (openssl rand -base64 32), comma-separated, the newest first",
  });
  return z.NEVER;
});

/**
 * DPOP_NONCE_SECRET: what the DPoP nonces the provider hands out are derived from (oidc-provider's
 * features.dPoP.nonceSecret, docs/decisions/0068): 32 random bytes in base64, the same on every
 * instance, so a nonce one instance gave is good on the next.
 */
const dpopNonceSecret = z.string().transform((value, context) => {
  const secret = Buffer.from(value.trim(), "base64");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim()) && secret.length === 32) return secret;
  context.addIssue({ code: "custom", message: "must be 32 random bytes in base64 (openssl rand -base64 32)" });
  return z.NEVER;
});

/**
 * Outside production without DPOP_NONCE_SECRET: one fixed value, so that instances started side by
 * side in development agree without setting anything. Public, so never in production.
 */
const DEVELOPMENT_DPOP_NONCE_SECRET = createHash("sha256").update("account server development DPoP nonce secret").digest();

/**
 * BACKCHANNEL_LOGOUT_ALLOWED_HOSTS: hosts a logout token may go to in production although they
 * are not public (docs/decisions/0079), each normalised as a URL's host is.
 */
const allowedHosts = z.string().transform((value, context) => {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hosts = entries.map(allowedHostEntry);
  if (hosts.every((host) => host !== undefined)) return hosts as string[];
  context.addIssue({
    code: "custom",
    message: 'must be host names or addresses, comma-separated, without scheme or port (e.g. "logout.internal,10.1.2.3")',
  });
  return z.NEVER;
});

const databaseUrl = z.string().refine((value) => value.startsWith("file:") || /^postgres(ql)?:\/\//.test(value), {
  message: 'must be "file:<path>" (SQLite) or "postgres://..." (PostgreSQL)',
});

/** The product addresses that are external sites; outside production they default to built-in stand-ins. */
const EXTERNAL_ADDRESSES = {
  DSONE_UI_URL: "/demo/dsone/ui",
  DSONE_MY_ACCOUNT_URL: "/demo/dsone/my-account",
  DSONE_LOGOUT_URL: "/demo/dsone/logged-out",
  CART_URL: "/demo/dsone/cart",
  MAVERICK_UI_URL: "/demo/maverick/ui",
  MAVERICK_MY_ACCOUNT_URL: "/demo/maverick/my-account",
  MAVERICK_LOGOUT_URL: "/demo/maverick/logged-out",
  MAVERICK_SIGNUP_URL: "/demo/maverick/sign-up",
  INSTALLER_HOST: "/demo/installer",
  PRIVACY_POLICY_URL: "/demo/legal/privacy-policy",
  EULA_URL: "/demo/legal/eula",
  TERMS_URL: "/demo/legal/terms",
  UNINSTALL_GUIDE_URL: "/demo/legal/uninstall-instructions",
  EXTENSION_REMOVAL_GUIDE_URL: "/demo/legal/remove-browser-extension",
} as const;
type ExternalAddressName = keyof typeof EXTERNAL_ADDRESSES;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { message: "must be development, production or test" }).default("development"),
  PORT: z.coerce.number({ message: "must be a number" }).int().min(0).max(65535, "must be a port number (0-65535)").default(3000),
  HOST: z.string().min(1).default("localhost"),
  PUBLIC_URL: absoluteUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: databaseUrl.default("file:./data/account.db"),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), { message: 'must be "smtp://..." or "smtps://..."' })
    .optional(),
  MAIL_KEYS: mailKeys.optional(),
  DPOP_NONCE_SECRET: dpopNonceSecret.optional(),
  MAIL_FROM: z
    .string()
    .refine((value) => value.includes("@"), { message: "must be an email address" })
    .default("no-reply@localhost"),
  MAIL_CONCURRENCY: positiveInt.max(500, "must be at most 500").default(32),
  MAIL_BOUNCE_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$/, {
      message: "must be a plain address such as bounces@bounces.account.example (no + in it: the server adds +TAG per mail)",
    })
    // The tag adds 53 characters (+ and 52 hex) to the local part, which may have 64 at most.
    .refine((value) => value.slice(0, value.lastIndexOf("@")).length <= 11, {
      message: "its part before @ must be 11 characters at most (the server adds a 53-character tag to it)",
    })
    .optional(),
  MAIL_FEEDBACK_LISTEN: z
    .string()
    .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, { message: "must be HOST:PORT, such as 0.0.0.0:2525" })
    .optional(),
  SIGNIN_URL: absoluteUrl.optional(),
  PASSWORD_LOGIN_ALLOWED: booleanText.default(true),
  NEW_SIGN_IN_MAIL: booleanText.default(true),
  /** Answer every address's link request alike, mailing a note where no account uses it (decision 94). */
  HIDE_ACCOUNT_EXISTENCE: booleanText.default(false),
  ACCESS_LINK_LIFETIME_DAYS: positiveInt.default(1),
  RESET_LINK_LIFETIME: duration("1h"),
  ACCOUNT_DELETION_LINK_LIFETIME: duration("1h"),
  SESSION_LIFETIME: duration("30d"),
  ALLOWED_REDIRECT_ORIGINS: originList.default([]),
  DESKTOP_SIGNIN_URL: absoluteUrl.optional(),
  SESSION_IDLE_TIMEOUT: duration("7d"),
  BROWSER_SESSION_LIFETIME: duration("12h"),
  ALLOW_HTTP_ADDRESSES: booleanText.default(false),
  SMTP_ALLOW_UNENCRYPTED: booleanText.default(false),
  ...limitSettings,
  RATE_LIMIT_WINDOW: duration("1h"),
  AGENT_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "must be a host name such as localhost")
    .default("localhost"),
  AGENT_DSONE_BASE_PORT: z.coerce
    .number({ message: "must be a number" })
    .int()
    .min(1)
    .max(65531, "must leave room for five ports")
    .default(49217),
  AGENT_MAVERICK_BASE_PORT: z.coerce
    .number({ message: "must be a number" })
    .int()
    .min(1)
    .max(65531, "must leave room for five ports")
    .default(51215),
  AGENT_PROBE_TIMEOUT: duration("2s"),
  DEMO_APPS_URL: absoluteUrl.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: absoluteUrl.default("https://accounts.google.com"),
  GOOGLE_TIMEOUT: duration("10s"),
  GOOGLE_STAND_IN: booleanText.optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ISSUER_URL: absoluteUrl.default("https://login.microsoftonline.com/consumers/v2.0"),
  MICROSOFT_TIMEOUT: duration("10s"),
  MICROSOFT_STAND_IN: booleanText.optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** Which human check a request under pressure asks for (decision 93); the default depends on NODE_ENV and the keys. */
  CAPTCHA_PROVIDER: z.enum(CHALLENGE_PROVIDERS, { message: "must be pow, recaptcha, turnstile, hcaptcha or off" }).optional(),
  /** The provider's script and verify addresses: each provider's own unless set (a proxy, a test stand-in). */
  CAPTCHA_SCRIPT_URL: absoluteUrl.optional(),
  CAPTCHA_VERIFY_URL: absoluteUrl.optional(),
  CAPTCHA_TIMEOUT: duration("5s"),
  /** The percentage of a limit past which a request of that kind must solve a challenge first. */
  CHALLENGE_THRESHOLD: z.coerce.number({ message: "must be a number" }).int().min(1).max(100, "must be a percentage (1-100)").default(50),
  /** Proof of work: the counter range of a challenge just past the threshold; it grows by one factor a step to the maximum at the limit. */
  CHALLENGE_DIFFICULTY: positiveInt.max(10_000_000, "must be at most 10000000").default(50_000),
  CHALLENGE_MAX_DIFFICULTY: positiveInt.max(100_000_000, "must be at most 100000000").default(1_000_000),
  CHALLENGE_LIFETIME: duration("5m"),
  /** What proof-of-work challenges are signed with: the same on every instance. */
  CHALLENGE_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
  TELEMETRY_RETENTION: duration("30d"),
  AUDIT_RETENTION: duration("365d"),
  OUTBOX_RETENTION: duration("30d"),
  BACKCHANNEL_LOGOUT_ALLOWED_HOSTS: allowedHosts.default([]),
  LOGOUT_TOKENS_WAITING_PER_APP: positiveInt.max(1_000_000, "must be at most 1000000").default(1000),
  LOGOUT_TOKENS_WAITING_PER_ACCOUNT: positiveInt.max(100_000, "must be at most 100000").default(100),
  LOGOUT_TOKEN_CONCURRENCY_PER_APP: positiveInt.max(16, "must be at most 16").default(2),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_PORT: z.coerce.number({ message: "must be a number" }).int().min(1).max(65535, "must be a port number (1-65535)").optional(),
  METRICS_HOST: z.string().min(1).default("localhost"),
  OTEL_EXPORTER_OTLP_ENDPOINT: absoluteUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("account-sign-in"),
  PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "must be a domain name such as example.com")
    .transform((value) => value.toLowerCase())
    .optional(),
  PASSKEY_RELATED_ORIGINS: originList.default([]),
  CAPTCHA_MIN_SCORE: z.coerce.number({ message: "must be a number" }).min(0).max(1, "must be between 0 and 1").default(0.5),
  ...(Object.fromEntries(Object.keys(EXTERNAL_ADDRESSES).map((name) => [name, absoluteUrl.optional()])) as Record<
    ExternalAddressName,
    z.ZodOptional<typeof absoluteUrl>
  >),
});

type Env = z.infer<typeof schema>;

export type Config = ReturnType<typeof resolve>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.problems = problems;
  }
}

/**
 * Settings renamed, by their former names: a former name still set is read when the current one is
 * not, so an upgrade keeps what the operator chose. docs/configuration.md lists them.
 */
const FORMER_NAMES: Record<string, BucketSetting> = {
  // Counted per session rather than per account since decision 80.
  ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: "ACCOUNT_EXPORT_LIMIT_PER_SESSION",
};

/** The settings under their current names, and which of them were read from a former one. */
function underCurrentNames(present: Record<string, string | undefined>) {
  const settings = { ...present };
  const readAs = new Map<string, string>();
  for (const [former, current] of Object.entries(FORMER_NAMES)) {
    if (settings[former] === undefined || settings[current] !== undefined) continue;
    settings[current] = settings[former];
    readAs.set(current, former);
  }
  return { settings, readAs };
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does in most deployment tools.
  const { settings: present, readAs } = underCurrentNames(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== "")),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return `${readAs.get(name) ?? name}: ${issue.message}`;
      }),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.MAIL_FEEDBACK_LISTEN && !env.MAIL_BOUNCE_ADDRESS)
    problems.push("MAIL_FEEDBACK_LISTEN: needs MAIL_BOUNCE_ADDRESS (reports come back to the tagged bounce address)");
  if (env.NODE_ENV === "production") {
    for (const name of Object.keys(EXTERNAL_ADDRESSES) as ExternalAddressName[]) {
      if (!env[name]) problems.push(`${name}: is required in production`);
    }
    if (!env.PUBLIC_URL) problems.push("PUBLIC_URL: is required in production");
    if (env.PUBLIC_URL?.startsWith("http:")) problems.push("PUBLIC_URL: must be https in production");
    // Without it, mail would go to the development mailbox: nowhere a customer could read it.
    if (!env.SMTP_URL) problems.push("SMTP_URL: is required in production");
    // Without it the key would have to live beside the data, and a backup would carry both.
    if (!env.MAIL_KEYS) {
      problems.push("MAIL_KEYS: is required in production (queued mail is encrypted with it; make one with: openssl rand -base64 32)");
    }
    // DPoP is always on: a nonce derived from a secret anyone can read would be no nonce.
    if (!env.DPOP_NONCE_SECRET) {
      problems.push(
        "DPOP_NONCE_SECRET: is required in production (DPoP nonces are derived from it, the same on every instance; make one with: openssl rand -base64 32)",
      );
    }
    problems.push(...plainTransportProblems(env));
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if (Boolean(env.MICROSOFT_CLIENT_ID) !== Boolean(env.MICROSOFT_CLIENT_SECRET)) {
    problems.push("MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET: set both or neither");
  }
  if (env.NODE_ENV === "production") {
    // The stand-in identity provider signs anyone in as anyone: never in production.
    if (env.GOOGLE_STAND_IN) problems.push("GOOGLE_STAND_IN: the stand-in Google is refused in production");
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_ISSUER_URL.startsWith("https:")) {
      problems.push("GOOGLE_ISSUER_URL: must be https in production");
    }
    if (env.MICROSOFT_STAND_IN) problems.push("MICROSOFT_STAND_IN: the stand-in Microsoft is refused in production");
    if (env.MICROSOFT_CLIENT_ID && !env.MICROSOFT_ISSUER_URL.startsWith("https:")) {
      problems.push("MICROSOFT_ISSUER_URL: must be https in production");
    }
  }
  if (Boolean(env.CAPTCHA_SITE_KEY) !== Boolean(env.CAPTCHA_SECRET_KEY)) {
    problems.push("CAPTCHA_SITE_KEY, CAPTCHA_SECRET_KEY: set both or neither");
  }
  const provider = captchaProvider(env);
  if (THIRD_PARTY_CAPTCHAS.includes(provider as ThirdPartyCaptcha) && !(env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY)) {
    problems.push(`CAPTCHA_PROVIDER: ${provider} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY`);
  }
  if (provider === "pow" && env.NODE_ENV === "production" && !env.CHALLENGE_SECRET) {
    problems.push(
      "CHALLENGE_SECRET: is required in production with CAPTCHA_PROVIDER=pow (challenges are signed with it, the same on every instance; make one with: openssl rand -base64 32)",
    );
  }
  const rpIdProblem = passkeyRpIdProblem(env);
  if (rpIdProblem) problems.push(rpIdProblem);
  // Browsers accept only https origins in the list (and localhost outside production).
  if (env.NODE_ENV === "production" && env.PASSKEY_RELATED_ORIGINS.some((origin) => !origin.startsWith("https:"))) {
    problems.push("PASSKEY_RELATED_ORIGINS: must be https origins in production");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return resolve(env);
}

/**
 * In production every address a customer is sent to, and the mail connection, must be encrypted:
 * a plain-http product address or ReturnUrl origin hands the session's next step to anyone on the
 * path, and smtp:// without STARTTLS sends every access link in the clear. Each can be allowed
 * explicitly (ALLOW_HTTP_ADDRESSES, SMTP_ALLOW_UNENCRYPTED) for a private network.
 */
function plainTransportProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.ALLOW_HTTP_ADDRESSES) {
    const addresses: [string, string | undefined][] = [
      ...(Object.keys(EXTERNAL_ADDRESSES) as ExternalAddressName[]).map((name): [string, string | undefined] => [name, env[name]]),
      ["SIGNIN_URL", env.SIGNIN_URL],
      ["DESKTOP_SIGNIN_URL", env.DESKTOP_SIGNIN_URL],
      ["CAPTCHA_SCRIPT_URL", env.CAPTCHA_SCRIPT_URL],
      ["CAPTCHA_VERIFY_URL", env.CAPTCHA_VERIFY_URL],
      ...env.ALLOWED_REDIRECT_ORIGINS.map((origin): [string, string] => ["ALLOWED_REDIRECT_ORIGINS", origin]),
    ];
    for (const [name, value] of addresses) {
      if (value?.startsWith("http:")) problems.push(`${name}: must be https in production (or set ALLOW_HTTP_ADDRESSES=true)`);
    }
  }
  if (env.SMTP_URL?.startsWith("smtp:") && !env.SMTP_ALLOW_UNENCRYPTED) {
    const requireTls = new URL(env.SMTP_URL).searchParams.get("requireTLS");
    if (requireTls !== "true") {
      problems.push(
        'SMTP_URL: smtp:// must require STARTTLS in production: add "?requireTLS=true", use smtps://, or set SMTP_ALLOW_UNENCRYPTED=true',
      );
    }
  }
  return problems;
}

/**
 * PASSKEY_RP_ID: the domain passkeys belong to (docs/decisions/0059-passkeys.md). Browsers accept
 * the sign-in site's own host name or a parent domain of it (the products' sites' shared domain);
 * anything else would make every passkey ceremony fail, so it stops the server at start.
 */
function passkeyRpIdProblem(env: Env): string | undefined {
  if (!env.PASSKEY_RP_ID) return undefined;
  const host = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname;
  const rpId = env.PASSKEY_RP_ID;
  if (rpId === host) return undefined;
  if (host.endsWith(`.${rpId}`) && rpId.includes(".") && !/^[\d.]+$/.test(host)) return undefined;
  // A sign-in site moved to a new host keeps the old relying-party ID through Related Origin
  // Requests: the browser then asks https://{PASSKEY_RP_ID}/.well-known/webauthn whether this
  // origin may use it, so this origin must be among the related origins that list serves.
  const origin = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  if (env.PASSKEY_RELATED_ORIGINS.includes(origin)) return undefined;
  return `PASSKEY_RP_ID: must be ${host} (PUBLIC_URL's host) or a parent domain of it, such as the products' shared domain; or, for a sign-in site moved from ${rpId}, list ${origin} in PASSKEY_RELATED_ORIGINS and serve that list at https://${rpId}/.well-known/webauthn`;
}

/**
 * Where passkey ceremonies can run. Browsers refuse an address literal as a relying-party ID
 * (127.0.0.1, [::1]) and refuse WebAuthn outside a secure context (plain http other than
 * localhost): on such a public address `usable` is false and no screen offers a passkey, rather
 * than every screen asking for challenges the browser then refuses.
 */
function passkeySettings(rpIdSetting: string | undefined, publicUrl: string, relatedOrigins: string[]) {
  const url = new URL(publicUrl);
  const rpId = rpIdSetting ?? url.hostname;
  const addressLiteral = /^[\d.]+$/.test(rpId) || rpId.startsWith("[") || rpId.includes(":");
  const secure = url.protocol === "https:" || url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  return { rpId, origins: [url.origin], usable: secure && !addressLiteral, relatedOrigins };
}

/** HOST:PORT, the host without the brackets an IPv6 address is written in. */
function hostAndPort(text: string): { host: string; port: number } {
  const colon = text.lastIndexOf(":");
  return { host: text.slice(0, colon).replace(/^\[|\]$/g, ""), port: Number(text.slice(colon + 1)) };
}

/** `mail.key` in the SQLite file's folder; for PostgreSQL, in ./data where the SQLite file would be. */
function mailKeyFileBeside(databaseUrl: string): string {
  const sqliteFile = databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : "./data/account.db";
  return join(dirname(resolvePath(sqliteFile)), "mail.key");
}

/** Where the identity provider sends the customer back (docs/decisions/0040-google-sign-in.md). */
export const GOOGLE_CALLBACK_PATH = "/signin-google";
/** Where the development stand-in for Google is mounted (never in production). */
export const GOOGLE_STAND_IN_PATH = "/dev/google";
/** Where Google posts its security event tokens (Cross-Account Protection, docs/decisions/0091). */
export const GOOGLE_RISC_PATH = "/google/risc";

/** An OpenID provider's settings (Google's, and Microsoft's in the same shape). */
export interface GoogleSettings {
  issuerUrl: string;
  clientId: string;
  /** For the stand-in, one made up for this process: the stand-in and the sign-in share it. */
  clientSecret: string;
  redirectUri: string;
  timeoutMs: number;
  /** The local stand-in identity provider at /dev/google, instead of Google. */
  standIn: boolean;
}

/** Where Microsoft sends the customer back (docs/decisions/0090-continue-with-microsoft.md). */
export const MICROSOFT_CALLBACK_PATH = "/signin-microsoft";
/** Where the development stand-in for Microsoft is mounted (never in production). */
export const MICROSOFT_STAND_IN_PATH = "/dev/microsoft";

/**
 * Microsoft sign-in, as Google's: the real Microsoft with MICROSOFT_CLIENT_ID and
 * MICROSOFT_CLIENT_SECRET (the consumers authority unless MICROSOFT_ISSUER_URL names another);
 * outside production without them, the local stand-in (unless MICROSOFT_STAND_IN=false), which
 * answers as Microsoft's common authority does, for personal and work accounts; otherwise off.
 */
function microsoftSettings(env: Env, publicUrl: string, production: boolean): GoogleSettings | undefined {
  const common = { redirectUri: `${publicUrl}${MICROSOFT_CALLBACK_PATH}`, timeoutMs: env.MICROSOFT_TIMEOUT };
  if (env.MICROSOFT_CLIENT_ID) {
    return {
      ...common,
      issuerUrl: env.MICROSOFT_ISSUER_URL,
      clientId: env.MICROSOFT_CLIENT_ID,
      // Set with MICROSOFT_CLIENT_ID, or the settings are refused (validate).
      clientSecret: env.MICROSOFT_CLIENT_SECRET ?? "",
      standIn: false,
    };
  }
  if (production || env.MICROSOFT_STAND_IN === false) return undefined;
  return {
    ...common,
    issuerUrl: `${publicUrl}${MICROSOFT_STAND_IN_PATH}/common/v2.0`,
    clientId: "00000000-0000-0000-0000-00000000c0de",
    clientSecret: randomBytes(32).toString("base64url"),
    standIn: true,
  };
}

/**
 * Google sign-in: the real Google with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; outside
 * production without them, the local stand-in (unless GOOGLE_STAND_IN=false); otherwise off.
 */
function googleSettings(env: Env, publicUrl: string, production: boolean): GoogleSettings | undefined {
  const common = { redirectUri: `${publicUrl}${GOOGLE_CALLBACK_PATH}`, timeoutMs: env.GOOGLE_TIMEOUT };
  if (env.GOOGLE_CLIENT_ID) {
    return {
      ...common,
      issuerUrl: env.GOOGLE_ISSUER_URL,
      clientId: env.GOOGLE_CLIENT_ID,
      // Set with GOOGLE_CLIENT_ID, or the settings are refused (validate).
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
      standIn: false,
    };
  }
  if (production || env.GOOGLE_STAND_IN === false) return undefined;
  return {
    ...common,
    issuerUrl: `${publicUrl}${GOOGLE_STAND_IN_PATH}`,
    clientId: "google-stand-in",
    clientSecret: randomBytes(32).toString("base64url"),
    standIn: true,
  };
}

/** The products' addresses the screens and mails link to: each set, or outside production its stand-in. */
function productLinks(env: Env, publicUrl: string) {
  const address = (name: ExternalAddressName): string => env[name] ?? `${publicUrl}${EXTERNAL_ADDRESSES[name]}`;
  return {
    dsoneUi: address("DSONE_UI_URL"),
    dsoneMyAccount: address("DSONE_MY_ACCOUNT_URL"),
    dsoneLogout: address("DSONE_LOGOUT_URL"),
    cart: address("CART_URL"),
    maverickUi: address("MAVERICK_UI_URL"),
    maverickMyAccount: address("MAVERICK_MY_ACCOUNT_URL"),
    maverickLogout: address("MAVERICK_LOGOUT_URL"),
    maverickSignUp: address("MAVERICK_SIGNUP_URL"),
    installerHost: address("INSTALLER_HOST").replace(/\/$/, ""),
    privacyPolicy: address("PRIVACY_POLICY_URL"),
    eula: address("EULA_URL"),
    terms: address("TERMS_URL"),
    uninstallGuide: address("UNINSTALL_GUIDE_URL"),
    extensionRemovalGuide: address("EXTENSION_REMOVAL_GUIDE_URL"),
    // The sign-in form itself, returning to the DS One web app (without a ReturnUrl the login
    // screen would send the visitor straight to that web app).
    signIn:
      env.SIGNIN_URL ??
      `${publicUrl}/dsone/login?ReturnUrl=${encodeURIComponent(env.DSONE_UI_URL ?? `${publicUrl}${EXTERNAL_ADDRESSES.DSONE_UI_URL}`)}`,
    desktopSignIn: env.DESKTOP_SIGNIN_URL ?? `${publicUrl}/dsone/password-login?email=`,
  };
}

/**
 * Redirects may go to our own origin, to the products' own sites and to the origins listed
 * explicitly; nowhere else. Document and download hosts (legal pages, installer) are left out:
 * they are often shared hosts where anyone can publish a page.
 */
function redirectOrigins(env: Env, publicUrl: string, links: ReturnType<typeof productLinks>): string[] {
  const productSites = [
    links.dsoneUi,
    links.dsoneMyAccount,
    links.dsoneLogout,
    links.cart,
    links.maverickUi,
    links.maverickMyAccount,
    links.maverickLogout,
    links.maverickSignUp,
    links.signIn,
    links.desktopSignIn,
  ];
  return [...new Set([publicUrl, ...productSites.map((link) => new URL(link).origin), ...env.ALLOWED_REDIRECT_ORIGINS])];
}

/** Each rate-limit bucket's limit (rate-limit-buckets.ts), from its setting, over one window. */
function rateLimitSettings(env: Env) {
  return {
    windowMs: env.RATE_LIMIT_WINDOW,
    limits: Object.fromEntries((Object.keys(BUCKETS) as BucketName[]).map((bucket) => [bucket, env[BUCKETS[bucket].setting]])) as Record<
      BucketName,
      number
    >,
  };
}

const THIRD_PARTY_CAPTCHAS = ["recaptcha", "turnstile", "hcaptcha"] as const;
type ThirdPartyCaptcha = (typeof THIRD_PARTY_CAPTCHAS)[number];

/** Each third party's own script and verify addresses (their documentation's). */
const CAPTCHA_ADDRESSES: Record<ThirdPartyCaptcha, { scriptUrl: string; verifyUrl: string }> = {
  recaptcha: { scriptUrl: "https://www.google.com/recaptcha/api.js", verifyUrl: "https://www.google.com/recaptcha/api/siteverify" },
  turnstile: {
    scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js",
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  },
  hcaptcha: { scriptUrl: "https://js.hcaptcha.com/1/api.js", verifyUrl: "https://api.hcaptcha.com/siteverify" },
};

/**
 * The provider chosen, or its default: reCAPTCHA where its keys are set (what the specification
 * names, and what a deployment that set them before this setting existed expects); else our own
 * proof of work in development, and none in tests (each test that needs one asks for it) or in
 * production (an operator chooses it, with its secret).
 */
function captchaProvider(env: Env): ChallengeProvider {
  if (env.CAPTCHA_PROVIDER) return env.CAPTCHA_PROVIDER;
  if (env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY) return "recaptcha";
  return env.NODE_ENV === "development" ? "pow" : "off";
}

/**
 * The human check (decision 93): the provider and its keys, and when and how hard it is asked for.
 * Outside production without CHALLENGE_SECRET, challenges are signed with a fixed, public value.
 */
function challengeSettings(env: Env) {
  const provider = captchaProvider(env);
  const thirdParty =
    THIRD_PARTY_CAPTCHAS.includes(provider as ThirdPartyCaptcha) && env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET_KEY
      ? {
          provider: provider as ThirdPartyCaptcha,
          siteKey: env.CAPTCHA_SITE_KEY,
          secretKey: env.CAPTCHA_SECRET_KEY,
          scriptUrl: env.CAPTCHA_SCRIPT_URL ?? CAPTCHA_ADDRESSES[provider as ThirdPartyCaptcha].scriptUrl,
          verifyUrl: env.CAPTCHA_VERIFY_URL ?? CAPTCHA_ADDRESSES[provider as ThirdPartyCaptcha].verifyUrl,
          minScore: env.CAPTCHA_MIN_SCORE,
          timeoutMs: env.CAPTCHA_TIMEOUT,
        }
      : undefined;
  return {
    provider: provider === "pow" || thirdParty ? provider : ("off" as const),
    /** The third party's keys and addresses, when one is chosen. */
    thirdParty,
    thresholdPercent: env.CHALLENGE_THRESHOLD,
    difficulty: env.CHALLENGE_DIFFICULTY,
    maxDifficulty: Math.max(env.CHALLENGE_DIFFICULTY, env.CHALLENGE_MAX_DIFFICULTY),
    lifetimeMs: env.CHALLENGE_LIFETIME,
    secret: env.CHALLENGE_SECRET ?? DEVELOPMENT_CHALLENGE_SECRET,
  };
}

/** Outside production without CHALLENGE_SECRET: one fixed value, so instances side by side agree. */
const DEVELOPMENT_CHALLENGE_SECRET = createHash("sha256").update("account server development challenge secret").digest("base64");

function resolve(env: Env) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  const production = env.NODE_ENV === "production";
  const links = productLinks(env, publicUrl);
  return {
    production,
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Mails each instance's worker has in flight at once, over as many pooled SMTP connections. */
    mailConcurrency: env.MAIL_CONCURRENCY,
    /** The envelope sender every mail is tagged from (server/mail/verp.ts); reports come back to it. */
    mailBounceAddress: env.MAIL_BOUNCE_ADDRESS,
    /** Where this server takes delivery reports and complaints by SMTP (server/mail/feedback-server.ts). */
    mailFeedbackListen: env.MAIL_FEEDBACK_LISTEN ? hostAndPort(env.MAIL_FEEDBACK_LISTEN) : undefined,
    /** Keys for queued mail bodies, newest first (server/mail/body-encryption.ts). */
    mailKeys: env.MAIL_KEYS ?? [],
    /** Outside production without MAIL_KEYS: a key file beside the data, never inside the database. */
    mailKeyFile: env.MAIL_KEYS || production ? undefined : mailKeyFileBeside(env.DATABASE_URL),
    passwordLoginAllowed: env.PASSWORD_LOGIN_ALLOWED,
    /** Whether the first sign-in from a browser the account has not used mails the owner. */
    newSignInMail: env.NEW_SIGN_IN_MAIL,
    /**
     * Whether a link request answers "Check Your Email" for every address, and mails an address no
     * account uses a note saying so instead of a link (docs/decisions/0094-hide-account-existence.md).
     */
    hideAccountExistence: env.HIDE_ACCOUNT_EXISTENCE,
    accessLinkLifetimeDays: env.ACCESS_LINK_LIFETIME_DAYS,
    resetLinkLifetimeMs: env.RESET_LINK_LIFETIME,
    /** How long a "delete my account" link works: short, since it deletes for good. */
    accountDeletionLinkLifetimeMs: env.ACCOUNT_DELETION_LINK_LIFETIME,
    sessionLifetimeMs: env.SESSION_LIFETIME,
    /** A session not used for this long ends, whatever its lifetime. */
    sessionIdleTimeoutMs: env.SESSION_IDLE_TIMEOUT,
    /** The server-side lifetime of a sign-in that is not remembered (RememberMe=false). */
    browserSessionLifetimeMs: Math.min(env.BROWSER_SESSION_LIFETIME, env.SESSION_LIFETIME),
    allowedRedirectOrigins: redirectOrigins(env, publicUrl, links),
    links,
    rateLimits: rateLimitSettings(env),
    oidc: {
      /** The demo relying parties' origin (outside production): seeded clients redirect there. */
      demoAppsUrl: new URL(env.DEMO_APPS_URL ?? `http://localhost:${env.PORT + 1}`).origin,
      /**
       * DPoP nonces are derived from it (DPOP_NONCE_SECRET; outside production a fixed default); so,
       * under a purpose of their own, are HIDE_ACCOUNT_EXISTENCE's stand-in codes' digits
       * (server/auth/access-link/stand-in-code.ts).
       */
      dpopNonceSecret: env.DPOP_NONCE_SECRET ?? DEVELOPMENT_DPOP_NONCE_SECRET,
    },
    google: googleSettings(env, publicUrl, production),
    /** The same settings for Microsoft (MICROSOFT_*), or undefined when it is off. */
    microsoft: microsoftSettings(env, publicUrl, production),
    /**
     * Passkeys: the relying-party ID (PASSKEY_RP_ID or PUBLIC_URL's host), the one origin
     * ceremonies run on, and the other origins /.well-known/webauthn lets use the RP ID.
     */
    passkeys: passkeySettings(env.PASSKEY_RP_ID, publicUrl, env.PASSKEY_RELATED_ORIGINS),
    challenge: challengeSettings(env),
    /** How long an account's security trail keeps each entry (auth/kernel/audit-trail.ts). */
    auditRetentionMs: env.AUDIT_RETENTION,
    outboxRetentionMs: env.OUTBOX_RETENTION,
    /** Logout tokens to apps (decisions 66, 79): where they may go, and how many wait and go at once. */
    logoutTokens: {
      allowedHosts: env.BACKCHANNEL_LOGOUT_ALLOWED_HOSTS,
      waitingPerApp: env.LOGOUT_TOKENS_WAITING_PER_APP,
      waitingPerAccount: env.LOGOUT_TOKENS_WAITING_PER_ACCOUNT,
      concurrencyPerApp: env.LOGOUT_TOKEN_CONCURRENCY_PER_APP,
    },
    telemetry: {
      retentionMs: env.TELEMETRY_RETENTION,
    },
    /** /metrics: on the main port behind the bearer token, and/or on a port of its own. */
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    /** OTLP/HTTP export of error reports and events; off unless an endpoint is set. */
    otlp: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, ""), serviceName: env.OTEL_SERVICE_NAME }
      : undefined,
    agent: {
      host: env.AGENT_HOST,
      dsoneBasePort: env.AGENT_DSONE_BASE_PORT,
      maverickBasePort: env.AGENT_MAVERICK_BASE_PORT,
      probeTimeoutMs: env.AGENT_PROBE_TIMEOUT,
    },
    /** The stand-in product pages and the development mailbox exist only outside production. */
    devTools: !production,
    mailbox: !production && !env.SMTP_URL,
  };
}
