import type { FastifyInstance, FastifyRequest } from "fastify";
import { SIGN_IN_CALLS, signInOutcome } from "../../common/telemetry.ts";
import type { Metrics } from "./metrics.ts";

type Outcome = ReturnType<typeof signInOutcome>;

function parsed(payload: unknown): unknown {
  if (typeof payload !== "string" || !payload.startsWith("{")) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/**
 * Times every request by route, and counts from the answers of the sign-in calls the sign-ins,
 * refusals and access links, and every rate-limit refusal. Reading the answers keeps the sign-in
 * code itself free of metrics.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  const outcomes = new WeakMap<FastifyRequest, Outcome>();
  app.addHook("onSend", async (request, reply, payload) => {
    const signInCall = request.method === "POST" && SIGN_IN_CALLS[request.routeOptions.url ?? ""];
    if (reply.statusCode >= 400 || signInCall) outcomes.set(request, signInOutcome(reply.statusCode, parsed(payload)));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const routeUrl = request.routeOptions.url;
    // Unmatched paths share one label: a scanner's made-up addresses must not become series.
    const route = routeUrl && !routeUrl.includes("*") ? routeUrl : "other";
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const outcome = outcomes.get(request);
    if (!outcome) return;
    if (outcome.code === "RATE_LIMITED") metrics.rateLimitRefusals.inc({ route });
    if (request.method === "POST" && routeUrl) metrics.countSignIn(routeUrl, outcome);
  });
}
