/** No address of ours is longer; browsers and proxies start to refuse longer ones. */
export const MAX_RETURN_URL_LENGTH = 2048;

/**
 * Every redirect target that arrives in a request (ReturnUrl, returnurl, redirectUrl) passes here.
 * It answers an absolute URL on an allowed origin, or undefined: nothing redirects off-site because
 * a query parameter asked it to.
 */
export function safeRedirect(target: unknown, publicUrl: string, allowedOrigins: readonly string[]): string | undefined {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_RETURN_URL_LENGTH) return undefined;
  // Browsers read "/\evil.example" and "//evil.example" as other hosts; control characters can
  // hide either.
  if ([...target].some((char) => char < " " || char === "\\")) return undefined;
  if (target.startsWith("//")) return undefined;
  if (!target.startsWith("/") && !/^https?:\/\//i.test(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, publicUrl);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  return allowedOrigins.includes(url.origin) ? url.href : undefined;
}
