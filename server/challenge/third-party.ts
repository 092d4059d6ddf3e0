import { CAPTCHA_ACTION } from "../../common/client-config.ts";
import type { Config } from "../base/config.ts";

type ThirdParty = NonNullable<Config["challenge"]["thirdParty"]>;

/** What a provider said of a token: it passed, it did not, or the provider could not be asked. */
export type ThirdPartyVerdict = "passed" | "failed" | "unavailable";

/**
 * Verifies a third party's token with its siteverify endpoint: reCAPTCHA v3, Cloudflare Turnstile
 * or hCaptcha, each of which takes a form-encoded secret and response (and the client's address)
 * and answers { success, ... }. A token verifies once, so it is checked by the request it protects.
 * reCAPTCHA also answers a score and the action it ran under (SPEC section 9: "submit"); Turnstile
 * and hCaptcha pass or fail. A provider that does not answer, or answers other than 200 with JSON,
 * is unavailable: the request it guards is refused, and only that one (decision 93).
 */
export async function verifyThirdParty(settings: ThirdParty, token: string, address: string): Promise<ThirdPartyVerdict> {
  if (token.length === 0 || token.length > 4096) return "failed";
  const form = new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: address });
  if (settings.provider === "hcaptcha") form.set("sitekey", settings.siteKey);
  let verdict: { success?: unknown; score?: unknown; action?: unknown };
  try {
    const response = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return "unavailable";
    verdict = (await response.json()) as typeof verdict;
  } catch {
    return "unavailable";
  }
  if (verdict.success !== true) return "failed";
  if (settings.provider !== "recaptcha") return "passed";
  const score = typeof verdict.score === "number" ? verdict.score : 0;
  return verdict.action === CAPTCHA_ACTION && score >= settings.minScore ? "passed" : "failed";
}
