import type { Config } from "./config.ts";

/**
 * Every cookie the account server and its OpenID Provider set, declared once: name, path, SameSite
 * and lifetime. All are HttpOnly and Secure (browsers treat http://localhost as a secure context,
 * so Secure cookies work there too). Over https the site-wide ones carry `__Host-` (Secure,
 * Path=/, no Domain: only this exact origin can set or read them); the provider's interaction
 * cookies, scoped to one path, carry `__Secure-`. A flow writes one only by its name here, through
 * setCookie and clearCookie (auth/kernel/caller.ts; test/owners.test.ts holds it, decision 74).
 *
 * One cookie is not here: `lang` (common/languages.ts, LANGUAGE_COOKIE), which the app's language
 * switcher writes itself and the server only reads. It holds a language's name and nothing else,
 * so it need not be HttpOnly; a value that is not one of the languages is passed over.
 */
export interface CookieAttributes {
  path: string;
  httpOnly: true;
  secure: true;
  sameSite: "lax" | "strict";
  /** Seconds; without it the cookie lasts until the browser closes. */
  maxAge?: number;
}

interface CookieDeclaration {
  name(config: Config): string;
  path: string;
  sameSite: "lax" | "strict";
}

const hostPrefixed = (base: string) => (config: Config) => (config.production ? `__Host-${base}` : base);
const plain = (name: string) => () => name;

export const COOKIES = {
  /** The account server's session (sessions.ts). */
  session: { name: hostPrefixed("session"), path: "/", sameSite: "lax" },
  /** A browser the account signed in on (known-origins.ts): its own allowance under rate limits. */
  device: { name: hostPrefixed("device"), path: "/", sameSite: "lax" },
  /** The secret that lets this browser type the access-link mail's six-digit code (sign-in-codes.ts). */
  signInCode: { name: plain("sign_in_code"), path: "/api/access-link", sameSite: "strict" },
  /** A reset link's code and email, held for the tab that opened it (held-reset-link.ts). */
  passwordReset: { name: plain("password_reset"), path: "/api/password", sameSite: "strict" },
  passwordResetEmail: { name: plain("password_reset_email"), path: "/api/password", sameSite: "strict" },
  /** A Google sign-in's PKCE verifier; Lax, since Google's redirect back is a top-level GET. */
  googleSignIn: { name: plain("google_signin"), path: "/signin-google", sameSite: "lax" },
  /** A Microsoft sign-in's PKCE verifier, as Google's. */
  microsoftSignIn: { name: plain("microsoft_signin"), path: "/signin-microsoft", sameSite: "lax" },
  /** The secret that binds a passkey ceremony's challenge to this browser (passkeys.ts). */
  passkeyChallenge: { name: plain("passkey_challenge"), path: "/api/passkey", sameSite: "strict" },
  /** "Not now" to the passkey offer: no offer in this browser for 30 days (passkey-offer.ts). */
  passkeyOfferDeclined: { name: plain("passkey_offer_declined"), path: "/", sameSite: "lax" },
} as const satisfies Record<string, CookieDeclaration>;

export type CookieName = keyof typeof COOKIES;

/** A declared cookie's attributes, with a lifetime in seconds or none (until the browser closes). */
export function cookieAttributes(cookie: CookieName, maxAgeSeconds?: number): CookieAttributes {
  const { path, sameSite } = COOKIES[cookie];
  return { path, httpOnly: true, secure: true, sameSite, ...(maxAgeSeconds === undefined ? {} : { maxAge: Math.floor(maxAgeSeconds) }) };
}

export function sessionCookieName(config: Config): string {
  return COOKIES.session.name(config);
}

/** Whether the public address is https: the provider's cookies are then Secure and prefixed. */
export function servedOverHttps(config: Config): boolean {
  return config.publicUrl.startsWith("https:");
}

/** The provider's cookies (oidc-provider's `cookies.names`; it sets their attributes itself). */
export function providerCookieNames(config: Config): { session: string; interaction: string; resume: string } {
  return servedOverHttps(config)
    ? { session: "__Host-oidc-session", interaction: "__Secure-oidc-interaction", resume: "__Secure-oidc-resume" }
    : { session: "oidc-session", interaction: "oidc-interaction", resume: "oidc-resume" };
}

/** One cookie's value from a raw Cookie header (the provider runs on Koa, not Fastify). */
export function cookieFromHeader(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

const sameSiteAttribute = (attributes: CookieAttributes) => `SameSite=${attributes.sameSite === "lax" ? "Lax" : "Strict"}`;

/** A Set-Cookie value, for answers written without Fastify (the provider's). */
export function setCookieHeader(name: string, value: string, attributes: CookieAttributes): string {
  const maxAge = attributes.maxAge === undefined ? "" : `; Max-Age=${attributes.maxAge}`;
  return `${name}=${value}; Path=${attributes.path}${maxAge}; HttpOnly; Secure; ${sameSiteAttribute(attributes)}`;
}

/** The Set-Cookie value that removes a cookie, with the attributes it was set with. */
export function clearedCookieHeader(name: string, attributes: CookieAttributes): string {
  return `${name}=; Path=${attributes.path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; ${sameSiteAttribute(attributes)}`;
}
