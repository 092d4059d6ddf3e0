import { LANGUAGE } from "../platform/language.ts";

/**
 * Cloudflare Turnstile and hCaptcha, which share one explicit-render API: the widget is drawn in a
 * container of ours (the check's dialog) and calls back with its token, or with an error.
 */
interface WidgetApi {
  render(container: HTMLElement, options: Record<string, unknown>): unknown;
}

declare global {
  interface Window {
    turnstile?: WidgetApi;
    hcaptcha?: WidgetApi;
  }
}

export type WidgetProvider = "turnstile" | "hcaptcha";

const loading = new Map<string, Promise<void>>();

function loadScript(scriptUrl: string): Promise<void> {
  const url = new URL(scriptUrl);
  // Drawn where and when we say, not wherever the page has a matching class.
  url.searchParams.set("render", "explicit");
  let loaded = loading.get(url.href);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url.href;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(url.href);
        script.remove();
        reject(new Error(`${url.origin} did not send its check`));
      };
      document.head.append(script);
    });
    loading.set(url.href, loaded);
  }
  return loaded;
}

/** The widget's token once the customer has passed it; rejects when its script or the widget fails. */
export async function runWidget(provider: WidgetProvider, scriptUrl: string, siteKey: string, container: HTMLElement): Promise<string> {
  await loadScript(scriptUrl);
  const api = window[provider];
  if (!api) throw new Error(`${provider}'s script loaded without its API`);
  const theme = document.documentElement.dataset.theme === "dark" ? "dark" : "light";
  return new Promise<string>((resolve, reject) => {
    api.render(container, {
      sitekey: siteKey,
      theme,
      // Each names languages its own way: Turnstile "pt-br", hCaptcha "pt-BR"; both know "ar".
      ...(provider === "turnstile"
        ? { language: LANGUAGE.toLowerCase() }
        : // hCaptcha appends its puzzle to the page's body unless told where: behind the modal dialog.
          { hl: LANGUAGE, "challenge-container": container.id }),
      callback: (token: string) => resolve(token),
      "error-callback": () => reject(new Error(`${provider}'s widget failed`)),
    });
  });
}
