import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiRoute } from "../../common/api/contract.ts";
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

/**
 * Times every request by route, counts every rate-limit refusal, and records from the answers of
 * the sign-in calls the funnel's steps they tell (links requested, refusals; a sign-in is recorded
 * by its route, which knows who signed in). Reading the answers keeps the sign-in code itself free
 * of metrics.
 */
export function measureRequests(app: FastifyInstance, sinks: TelemetrySinks, publicUrl: string): void {
  const { metrics } = sinks;
  const rateLimited = new WeakSet<FastifyRequest>();
  // The funnel step is stored before the answer goes, so whoever reads the answer sees the step.
  app.addHook("onSend", async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
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
    const routeUrl = request.routeOptions.url;
    // Unmatched paths share one label: a scanner's made-up addresses must not become series.
    const route = routeUrl && !routeUrl.includes("*") ? routeUrl : "other";
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (rateLimited.has(request)) metrics.rateLimitRefusals.inc({ route });
  });
}
