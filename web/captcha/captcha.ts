import type { ClientConfig } from "../../common/client-config.ts";

type Captcha = NonNullable<ClientConfig["captcha"]>;

/*
 * The captcha's code is fetched only when a request needs it: most deployments configure none, and
 * then no sign-in screen carries a byte of it.
 */

/** Runs the configured captcha; rejects when it cannot (its script, or this module's, did not load). */
export async function runCaptcha(captcha: Captcha): Promise<string> {
  const { runCaptcha: run } = await import("./recaptcha.ts");
  return run(captcha.scriptUrl, captcha.siteKey);
}

/**
 * A captcha token for a password login when the server has a captcha configured: the server asks
 * for one only after many failures from here (docs/decisions/0017-lockout-without-lockout.md), and
 * a captcha that cannot run leaves the login to go on without it.
 */
export async function optionalCaptchaToken(captcha: Captcha | null): Promise<{ CaptchaToken?: string }> {
  if (!captcha) return {};
  try {
    return { CaptchaToken: await runCaptcha(captcha) };
  } catch {
    return {};
  }
}
