import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Metrics, SIGN_IN_ROUTES } from "./metrics.ts";

interface Answer {
  code: string | undefined;
  ok: boolean;
}

/** Reads the error code (and isOk) of a JSON answer: what the counters need to know. */
function readAnswer(payload: unknown): Answer {
  if (typeof payload !== "string" || !payload.startsWith("{")) return { code: undefined, ok: true };
  try {
    const body = JSON.parse(payload) as { code?: unknown; isOk?: unknown; isExistingDesktopUser?: unknown };
    const ok = body.isOk !== false;
    const code =
      typeof body.code === "string" ? body.code : ok ? undefined : body.isExistingDesktopUser ? "DESKTOP_USER" : "ACCOUNT_NOT_FOUND";
    return { code, ok };
  } catch {
    return { code: undefined, ok: true };
  }
}

/**
 * Times every request by route, and counts from the answers of the sign-in endpoints the
 * sign-ins, refusals and access links, and every rate-limit refusal.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  const answers = new WeakMap<FastifyRequest, Answer>();
  app.addHook("onSend", async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    if (reply.statusCode >= 400 || SIGN_IN_ROUTES[route]) answers.set(request, readAnswer(payload));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const routeUrl = request.routeOptions.url;
    // Unmatched paths share one label: a scanner's made-up addresses must not become series.
    const route = routeUrl && !routeUrl.includes("*") ? routeUrl : "other";
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const answer = answers.get(request);
    if (!answer) return;
    if (answer.code === "RATE_LIMITED") metrics.rateLimitRefusals.inc({ route });
    metrics.countSignIn(`${request.method} ${routeUrl ?? ""}`, reply.statusCode, answer.ok, answer.code);
  });
}
