import type { FastifyRequest } from "fastify";
import type { ApiRoute } from "../../common/api/contract.ts";
import { SIGN_IN_METHODS, type SignInMethod, type SignInStep } from "../../common/telemetry.ts";
import { storeServerEvent, type TelemetrySinks } from "./store.ts";

/**
 * The sign-in funnel's steps after "screen shown": a link requested, a sign-in by which method, a
 * refusal with which code. They are recorded here, where the answer is made, rather than by the
 * browser (decision 39): so every sign-in counts, a plain form post, a browser that blocks analytics
 * and the Google return (a redirect no script sees) included, and the login route ships none of it.
 *
 * Who signed in is not in the answer: the route that signed them in records that step itself
 * (recordSignIn), with the account its flow answered. The answers of the calls below tell the rest.
 */

/**
 * The sign-in calls, by their contract route, whose answers are read for the funnel (http-metrics.ts):
 * each one's method, and the step a success is when the answer alone tells it (a link requested).
 * Every call counts its refusals; a sign-in's success is its route's to record (recordSignIn).
 */
export const SIGN_IN_CALLS: Partial<Record<ApiRoute, { method: SignInMethod; step?: "link_requested" }>> = {
  "POST /api/access-link": { method: "access_link", step: "link_requested" },
  "POST /api/account/passwordless-login": { method: "access_link", step: "link_requested" },
  "POST /api/account/maverick/passwordless-login": { method: "access_link", step: "link_requested" },
  "POST /api/access-link/consume": { method: "access_link" },
  // The code stands in for its link: the same way in, typed on the asking device.
  "POST /api/access-link/code": { method: "access_link" },
  // A wrong number on the other device is a refusal of the link; the asking browser's sign-in
  // after a right one is its own step (routes/api-access-link.ts).
  "POST /api/access-link/approve": { method: "approval" },
  "POST /api/dsone/password-login": { method: "password" },
  "POST /api/maverick/password-login": { method: "password" },
  "POST /api/account/login": { method: "password" },
  "POST /api/account/maverick-login": { method: "password" },
  "POST /api/passkey/sign-in": { method: "passkey" },
};

/**
 * Whether a sign-in call's answer refused, and with which code: an error's own code, or, for a
 * 200 that says isOk false (a link asked for an unknown email), why.
 */
export function signInOutcome(status: number, body: unknown): { refused: boolean; code?: string } {
  const answer = (typeof body === "object" && body !== null ? body : {}) as {
    code?: unknown;
    isOk?: unknown;
    isExistingDesktopUser?: unknown;
  };
  if (status < 400 && answer.isOk !== false) return { refused: false };
  if (typeof answer.code === "string") return { refused: true, code: answer.code };
  if (status >= 400) return { refused: true, code: `HTTP_${status}` };
  return { refused: true, code: answer.isExistingDesktopUser ? "DESKTOP_USER" : "ACCOUNT_NOT_FOUND" };
}

/** The screen a call came from: its same-origin Referer's path, or else the call's own path. */
export function screenOfCall(request: FastifyRequest, publicUrl: string): string {
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === publicUrl) return url.pathname;
    } catch {
      // A malformed Referer names no screen.
    }
  }
  return request.routeOptions.url ?? "/";
}

/**
 * Counts one step in the metrics and stores it as a funnel row, with the account it signed in, if
 * it did. A refusal counts against the share of the address that provoked it: refusals cost the
 * sender nothing (a 429 is one too), so one address must not fill the window with them. A failure
 * to store is logged and never reaches the customer: the sign-in itself has happened.
 */
export async function recordSignInStep(sinks: TelemetrySinks, request: FastifyRequest, step: SignInStep, accountId: string | null) {
  if (!SIGN_IN_METHODS.includes(step.method)) return;
  sinks.metrics.countSignInStep(step);
  try {
    await storeServerEvent(
      sinks,
      {
        kind: "funnel",
        step: step.step,
        method: step.method,
        ...(step.code ? { code: step.code } : {}),
        path: step.screen,
        at: Date.now(),
      },
      accountId,
      step.step === "refused" ? request.ip : null,
    );
  } catch (error) {
    request.log.error({ err: error }, "could not store a sign-in funnel step");
  }
}

/**
 * A sign-in call's success, recorded by the route that made it, with the account its flow answered:
 * none when the answer sends an existing desktop user to the desktop sign-in instead.
 */
export function recordSignIn(
  sinks: TelemetrySinks,
  request: FastifyRequest,
  { method, publicUrl, accountId }: { method: SignInMethod; publicUrl: string; accountId: string | undefined },
): Promise<void> {
  return recordSignInStep(sinks, request, { step: "signed_in", method, screen: screenOfCall(request, publicUrl) }, accountId ?? null);
}
