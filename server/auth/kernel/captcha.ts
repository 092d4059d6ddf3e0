import { CAPTCHA_ACTION } from "../../../common/client-config.ts";
import type { Config } from "../../base/config.ts";

/**
 * Verifies a reCAPTCHA v3 token with the provider's siteverify endpoint. A token can be verified
 * only once, so it is checked by the request it protects, not by a separate call. Any failure of
 * the provider counts as a failed check: the form says "Login failed" and nothing is sent.
 */
export async function verifyCaptcha(captcha: NonNullable<Config["captcha"]>, token: unknown, ip: string): Promise<boolean> {
  if (typeof token !== "string" || token.length === 0 || token.length > 4096) return false;
  try {
    const response = await fetch(captcha.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: captcha.secretKey, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return false;
    const verdict = (await response.json()) as { success?: boolean; score?: number; action?: string };
    return verdict.success === true && verdict.action === CAPTCHA_ACTION && (verdict.score ?? 0) >= captcha.minScore;
  } catch {
    return false;
  }
}
