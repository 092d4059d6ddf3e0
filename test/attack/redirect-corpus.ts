/**
 * Open-redirect payloads: every trick that makes a parser or a browser read a ReturnUrl as another
 * site. `evil.example` is the attacker's host; `origin` is ours, for tricks that hide behind it.
 */
export function redirectCorpus(origin: string): string[] {
  const host = new URL(origin).host;
  const evil = "evil.example";
  const payloads = [
    // scheme-relative and slash confusion
    `//${evil}`,
    `//${evil}/`,
    `///${evil}`,
    `////${evil}`,
    `/\\${evil}`,
    `\\\\${evil}`,
    `\\/${evil}`,
    `/\\/${evil}`,
    `/%5c${evil}`,
    `/%2f%2f${evil}`,
    `%2f%2f${evil}`,
    `/%09/${evil}`,
    `/ /${evil}`,
    `https:${evil}`,
    `https:/${evil}`,
    `https:\\\\${evil}`,
    `http:/\\/\\${evil}`,
    // absolute, other schemes
    `https://${evil}`,
    `http://${evil}/dsone/login`,
    `HTTPS://${evil.toUpperCase()}`,
    `ftp://${evil}`,
    `javascript:alert(document.domain)`,
    `JavaScript:alert(1)`,
    `java\tscript:alert(1)`,
    `javascript://%0aalert(1)`,
    `javascript://${host}/%0aalert(1)`,
    ` javascript:alert(1)`,
    `data:text/html,<script>alert(1)</script>`,
    `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
    `vbscript:msgbox(1)`,
    `blob:${origin}/x`,
    // userinfo and look-alike hosts
    `${origin}@${evil}`,
    `http://${host}@${evil}`,
    `http://${host}:@${evil}`,
    `http://${host}%40${evil}`,
    `http://user:pass@${evil}`,
    `http://${evil}#@${host}`,
    `http://${evil}?@${host}`,
    `http://${evil}\\@${host}`,
    `${origin}.${evil}`,
    `http://${host}.${evil}`,
    `${origin.replace("localhost", "localhost%2e")}`,
    `http://${evil}%23.${host}`,
    `http://${evil}%2f${host}`,
    `http://${evil}\\.${host}`,
    // unicode dots, full-width and look-alikes
    `http://evil。example`,
    `http://evil．example`,
    `http://evil｡example`,
    `//evil。example`,
    `/\u3002/${evil}`,
    `http://ｅｖｉｌ.example`,
    `http://xn--evil-9ja.example`,
    `\u2215\u2215${evil}`,
    `/\uFF0F${evil}`,
    // encoded
    `%2F%2F${evil}`,
    `%252F%252F${evil}`,
    `http%3A%2F%2F${evil}`,
    `https%3A//${evil}`,
    `/%2F${evil}`,
    `/%252F${evil}`,
    `/%E3%80%82${evil}`,
    // whitespace and control characters
    `\t//${evil}`,
    `\n//${evil}`,
    `\r\n//${evil}`,
    `//${evil}\u0000`,
    `/\u0000/${evil}`,
    `/\t/${evil}`,
    `/\r/${evil}`,
    `\u000b//${evil}`,
    `\u00a0//${evil}`,
    `\u200b//${evil}`,
    `//${evil}%00.${host}`,
    `/%0d%0aLocation:%20http://${evil}`,
    `/\r\nLocation: http://${evil}`,
    // IP forms
    `http://0x7f000001:1/`,
    `http://2130706433/`,
    `http://[::ffff:7f00:1]:1/`,
    `http://0/`,
    // path tricks on our own origin that must stay on it
    `${origin}/..//${evil}`,
    `/..//${evil}`,
    `/.//${evil}`,
    `${origin}//${evil}`,
    // over-long
    `/${"a".repeat(3000)}`,
  ];
  return [...new Set(payloads)];
}

/** Whether a redirect target stays home: on an allowed origin, written the way every browser reads it. */
export function staysHome(target: string, origin: string, allowedOrigins: readonly string[]): boolean {
  if (!/^https?:\/\//.test(target) || [...target].some((char) => char <= " " || char === "\\" || /\s/.test(char))) return false;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return false;
  }
  return url.href === target && !url.username && !url.password && allowedOrigins.includes(url.origin);
}
