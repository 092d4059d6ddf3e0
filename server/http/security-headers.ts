import type { Config } from "../base/config.ts";

/**
 * The Content-Security-Policy of every page. Scripts come only from our origin (our own proof of
 * work runs in a worker of ours), plus the chosen third-party captcha's origins and no other's
 * (decision 93), and the one inline script the pages carry, by its hash (server/site/page-boot.ts).
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const captcha = config.challenge.thirdParty;
  const captchaOrigins = captcha ? captchaSources(captcha.scriptUrl) : [];
  // hCaptcha styles its widget from its own origins and calls them from the page (its CSP guide).
  const hcaptcha = captcha?.provider === "hcaptcha" ? captchaOrigins : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...captchaOrigins, ...scriptHashes].join(" "),
    ["style-src 'self'", ...hcaptcha].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...hcaptcha, ...agentSources(config)].join(" "),
    `frame-src ${captchaOrigins.length ? captchaOrigins.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function captchaSources(scriptUrl: string): string[] {
  const origin = new URL(scriptUrl).origin;
  // reCAPTCHA serves its script from www.google.com and its code and frames from www.gstatic.com;
  // hCaptcha its script from js.hcaptcha.com and the rest from other hosts of hcaptcha.com.
  if (origin === "https://www.google.com") return [origin, "https://www.gstatic.com"];
  if (origin === "https://js.hcaptcha.com") return ["https://hcaptcha.com", "https://*.hcaptcha.com"];
  return [origin];
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
