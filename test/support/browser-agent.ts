/**
 * A browser without a page: fetch that keeps cookies per host and follows redirects one at a time,
 * so a test can walk an OpenID authorization from the app to the login and back.
 */
export class BrowserAgent {
  readonly #jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const cookies = this.#jar.get(new URL(url).host) ?? new Map();
    return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  hasCookie(url: string, name: string): boolean {
    return this.#jar.get(new URL(url).host)?.has(name) ?? false;
  }

  /** Forgets the cookies of `url`'s host whose names match, as a closed browser forgets its session-only ones. */
  dropCookie(url: string, name: RegExp): void {
    const cookies = this.#jar.get(new URL(url).host);
    for (const cookie of [...(cookies?.keys() ?? [])]) if (name.test(cookie)) cookies?.delete(cookie);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    const host = new URL(url).host;
    const cookies = this.#jar.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    this.#jar.set(host, cookies);
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (an origin or URL prefix) or a page answers. */
  async follow(url: string, stopAt: string, init: RequestInit = {}): Promise<{ url: string; response?: Response }> {
    let current = url;
    let options = init;
    for (let hops = 0; hops < 20; hops++) {
      if (current.startsWith(stopAt) && hops > 0) return { url: current };
      const response = await this.request(current, options);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).href;
      options = {};
    }
    throw new Error("too many redirects");
  }
}
