import type { Config } from "./config.ts";

/**
 * The names of the sign-in cookies, the account server's and its OpenID Provider's, in one place.
 * Over https each carries a prefix browsers enforce: `__Host-` (Secure, Path=/, no Domain: only
 * this exact origin can set or read it) where the cookie is site-wide, `__Secure-` for the
 * provider's interaction cookies, which are scoped to one path and so cannot be `__Host-`.
 */
export function sessionCookieName(config: Config): string {
  return config.production ? "__Host-session" : "session";
}

/** Whether the public address is https: the provider's cookies are then Secure and prefixed. */
export function servedOverHttps(config: Config): boolean {
  return config.publicUrl.startsWith("https:");
}

/** The provider's cookies (oidc-provider's `cookies.names`). */
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
