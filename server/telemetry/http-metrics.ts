import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiRoute } from "../../common/api/contract.ts";
import { recordChallenges } from "./challenges.ts";
import { recordSignInStep, SIGN_IN_CALLS, screenOfCall, signInOutcome } from "./sign-in-steps.ts";
import type { TelemetrySinks } from "./store.ts";

function parsed(payload: unknown): unknown {
  if (typeof payload !== "string" || !payload.startsWith("{")) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** A request's route label: unmatched paths share one, so a scanner's made-up addresses never become series. */
function routeLabel(request: FastifyRequest): string {
  const routeUrl = request.routeOptions.url;
  return routeUrl && !routeUrl.includes("*") ? routeUrl : "other";
}

/**
 * Times every request by route, counts every rate-limit refusal, records the human checks each
 * request met, and records from the answers of the sign-in calls the funnel's steps they tell
 * (links requested, refusals; a sign-in is recorded by its route, which knows who signed in).
 * Reading the answers keeps the sign-in code itself free of metrics.
 */
export function measureRequests(app: FastifyInstance, sinks: TelemetrySinks, publicUrl: string): void {
  const { metrics } = sinks;
  const rateLimited = new WeakSet<FastifyRequest>();
  // The funnel step is stored before the answer goes, so whoever reads the answer sees the step.
  app.addHook("onSend", async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    // Any route may have asked for a human check, whatever its answer: counted before the others.
    await recordChallenges(sinks, request, routeLabel(request), publicUrl);
    const call = routeUrl ? SIGN_IN_CALLS[`${request.method} ${routeUrl}` as ApiRoute] : undefined;
    if (reply.statusCode < 400 && !call) return payload;
    const { refused, code } = signInOutcome(reply.statusCode, parsed(payload));
    if (code === "RATE_LIMITED") rateLimited.add(request);
    const step = refused ? "refused" : call?.step;
    if (call && step)
      await recordSignInStep(
        sinks,
        request,
        {
          step,
          method: call.method,
          ...(code ? { code } : {}),
          screen: screenOfCall(request, publicUrl),
        },
        // A refusal or a link requested: nobody signed in.
        null,
      );
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = routeLabel(request);
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (rateLimited.has(request)) metrics.rateLimitRefusals.inc({ route });
  });
}
