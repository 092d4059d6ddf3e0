import type { Config } from "../base/config.ts";

/**
 * The Content-Security-Policy of every page. Scripts come only from our origin, plus the captcha
 * provider when one is configured, and the one inline script the pages carry, by its hash
 * (server/site/page-boot.ts).
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const captchaOrigins = config.captcha ? captchaSources(config.captcha.scriptUrl) : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...captchaOrigins, ...scriptHashes].join(" "),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${agentSources(config).join(" ")}`,
    `frame-src ${captchaOrigins.length ? captchaOrigins.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function captchaSources(scriptUrl: string): string[] {
  const origin = new URL(scriptUrl).origin;
  // reCAPTCHA serves its script from www.google.com and its code and frames from www.gstatic.com.
  return origin === "https://www.google.com" ? [origin, "https://www.gstatic.com"] : [origin];
}

/** Headers on every response. */
export function baseHeaders(config: Config): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    ...(config.publicUrl.startsWith("https:") ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** The desktop agent's ten ports on this machine, over HTTP and WebSockets (CSP has no port ranges). */
function agentSources(config: Config): string[] {
  const { host, dsoneBasePort, maverickBasePort } = config.agent;
  const ports = [dsoneBasePort, maverickBasePort].flatMap((base) => Array.from({ length: 5 }, (_, index) => base + index));
  return ports.flatMap((port) => [`http://${host}:${port}`, `ws://${host}:${port}`]);
}
