import { strings } from "@strings/challenge.ts";
import { CHALLENGE_UNAVAILABLE, type ChallengeAsked } from "../../common/challenge.ts";
import { CHALLENGE_CANCELLED, HttpError } from "../api/http.ts";
import { runCaptcha } from "../captcha/recaptcha.ts";
import { openChallengeDialog } from "./dialog.ts";
import { proveWork } from "./proof-of-work.ts";
import { runWidget } from "./widgets.ts";

/**
 * Proves a person is behind a refused request (decision 93), the way the refusal asks: the dialog
 * opens, the browser solves the proof of work (or runs reCAPTCHA) by itself, or the customer
 * completes a third party's widget, and the proof for the request sent again comes back. This
 * module and all it takes are a chunk of their own, loaded by web/api/http.ts only when a request
 * is asked for a check.
 *
 * It rejects with an HttpError the form shows as it shows any: CHALLENGE_CANCELLED when the
 * customer closed the dialog (or the call was aborted), CHALLENGE_UNAVAILABLE, offering another
 * way in, when the check could not be run.
 */
export async function prove(asked: ChallengeAsked, signal?: AbortSignal): Promise<string> {
  const stop = new AbortController();
  const cancelled = new Promise<never>((_, reject) => {
    const cancel = () => {
      stop.abort();
      reject(new HttpError(0, CHALLENGE_CANCELLED, strings.challenge.cancelled));
    };
    stop.signal.addEventListener("abort", cancel, { once: true });
    if (signal?.aborted) cancel();
    else signal?.addEventListener("abort", cancel, { once: true });
  });
  const dialog = openChallengeDialog(asked.provider === "turnstile" || asked.provider === "hcaptcha" ? "widget" : "working", () =>
    stop.abort(),
  );
  try {
    return await Promise.race([cancelled, solve(asked, dialog.widget, stop.signal)]);
  } finally {
    stop.abort();
    dialog.close();
  }
}

async function solve(asked: ChallengeAsked, widget: HTMLElement, signal: AbortSignal): Promise<string> {
  let proof: string | null;
  try {
    if (asked.provider === "pow") proof = await proveWork(asked.challenge, signal);
    else if (asked.provider === "recaptcha") proof = await runCaptcha(asked.scriptUrl, asked.siteKey);
    else proof = await runWidget(asked.provider, asked.scriptUrl, asked.siteKey, widget);
  } catch {
    proof = null;
  }
  if (proof) return proof;
  throw new HttpError(503, CHALLENGE_UNAVAILABLE, strings.challenge.unavailable);
}
