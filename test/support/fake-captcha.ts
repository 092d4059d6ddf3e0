import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for reCAPTCHA v3 that speaks its protocol: the script defines
 * grecaptcha.ready/execute, and /siteverify answers { success, score, action } for a form-encoded
 * { secret, response }. The token carries the action the page asked for, so a page that runs the
 * captcha under the wrong action fails verification, as it would with the real service.
 */
export type CaptchaMode = "pass" | "low-score" | "script-fails";

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
