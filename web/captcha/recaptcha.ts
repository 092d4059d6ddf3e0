import { CAPTCHA_ACTION } from "../../common/client-config.ts";

/**
 * reCAPTCHA v3, loaded only when the server has a captcha configured (this module too, by
 * web/captcha/captcha.ts). The token it gives is sent with the request it protects, and the server
 * verifies it (server/challenge/third-party.ts).
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

function loadCaptcha(scriptUrl: string, siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    const url = new URL(scriptUrl);
    url.searchParams.set("render", siteKey);
    script.src = url.href;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error("the captcha script loaded without grecaptcha"));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error("the captcha script could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

/** Runs the captcha under the action "submit"; rejects when it cannot. */
export async function runCaptcha(scriptUrl: string, siteKey: string): Promise<string> {
  const grecaptcha = await loadCaptcha(scriptUrl, siteKey);
  return grecaptcha.execute(siteKey, { action: CAPTCHA_ACTION });
}
