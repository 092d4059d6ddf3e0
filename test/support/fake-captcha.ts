import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the third-party captchas that speaks their protocols (decision 93).
 * reCAPTCHA v3: the script defines grecaptcha.ready/execute, and /siteverify answers
 * { success, score, action } for a form-encoded { secret, response }; the token carries the action
 * the page asked for, so a page that runs the captcha under the wrong action fails verification, as
 * it would with the real service. Turnstile (/turnstile/v0/…) and hCaptcha (/hcaptcha/…): each
 * script renders a widget whose one button hands the page a token, and each siteverify answers
 * { success } (hCaptcha only for its own site key). In "down" mode every siteverify answers 502.
 */
export type CaptchaMode = "pass" | "low-score" | "script-fails" | "down";

export class FakeCaptcha {
  mode: CaptchaMode = "pass";
  readonly verifications: { secret: string; response: string }[] = [];
  readonly #server: Server;
  readonly secret: string;
  url = "";

  constructor(secret: string) {
    this.secret = secret;
    this.#server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      if (path === "/recaptcha/api.js") {
        response.writeHead(200, { "content-type": "text/javascript" });
        response.end(
          this.mode === "script-fails"
            ? "window.grecaptcha = { ready: (done) => done(), execute: () => Promise.reject(new Error('captcha unavailable')) };"
            : `window.grecaptcha = { ready: (done) => setTimeout(done, 0), execute: (key, options) => Promise.resolve(${JSON.stringify(this.mode)} + ':' + key + ':' + options.action) };`,
        );
        return;
      }
      const widget = WIDGET_SCRIPTS[path];
      if (widget) {
        response.writeHead(200, { "content-type": "text/javascript" });
        response.end(this.mode === "script-fails" ? "throw new Error('captcha unavailable');" : widget);
        return;
      }
      if (this.mode === "down" && path.endsWith("/siteverify")) {
        response.writeHead(502).end();
        return;
      }
      if ((path === "/turnstile/v0/siteverify" || path === "/hcaptcha/siteverify") && request.method === "POST") {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          const form = new URLSearchParams(body);
          const token = form.get("response") ?? "";
          this.verifications.push({ secret: form.get("secret") ?? "", response: token });
          const [verdict, siteKey] = token.split(":");
          const keyMatches = path === "/turnstile/v0/siteverify" || form.get("sitekey") === siteKey;
          const valid = form.get("secret") === this.secret && verdict === "pass" && keyMatches;
          response.writeHead(200, { "content-type": "application/json" });
          response.end(
            JSON.stringify(
              valid ? { success: true, hostname: "localhost" } : { success: false, "error-codes": ["invalid-input-response"] },
            ),
          );
        });
        return;
      }
      if (path === "/siteverify" && request.method === "POST") {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          const form = new URLSearchParams(body);
          const secret = form.get("secret") ?? "";
          const token = form.get("response") ?? "";
          this.verifications.push({ secret, response: token });
          const [mode, , action] = token.split(":");
          const valid = secret === this.secret && (mode === "pass" || mode === "low-score");
          response.writeHead(200, { "content-type": "application/json" });
          response.end(
            JSON.stringify(
              valid
                ? { success: true, score: mode === "pass" ? 0.9 : 0.1, action }
                : { success: false, "error-codes": ["invalid-input-response"] },
            ),
          );
        });
        return;
      }
      response.writeHead(404).end();
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * Turnstile's and hCaptcha's explicit rendering, as their scripts offer it: render(container,
 * { sitekey, callback }) draws a widget (here one button) whose success hands the page a token.
 */
function widgetScript(global: "turnstile" | "hcaptcha"): string {
  return `window.${global} = { render(container, options) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "I am human (${global})";
    button.addEventListener("click", () => options.callback("pass:" + options.sitekey));
    container.append(button);
    return "widget-1";
  }, remove() {}, reset() {} };`;
}

const WIDGET_SCRIPTS: Record<string, string> = {
  "/turnstile/v0/api.js": widgetScript("turnstile"),
  "/hcaptcha/api.js": widgetScript("hcaptcha"),
};
