import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../base/context.ts";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in the Prometheus text format. On the main port it needs `Authorization: Bearer
 * {METRICS_TOKEN}`; served on METRICS_PORT (an address only the scraper reaches) it needs the token
 * only when one is set. With neither setting there is no /metrics at all.
 */
export function metricsRoutes(app: FastifyInstance, { config, telemetry }: AppContext, { requireToken }: { requireToken: boolean }): void {
  const { token } = config.metrics;
  if (requireToken && !token) return;
  app.get("/metrics", async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? "";
      if (!header.startsWith("Bearer ") || !sameSecret(header.slice("Bearer ".length), token)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ code: "NOT_AUTHORIZED", message: "A valid metrics token is required." });
      }
    }
    const { registry } = telemetry.metrics;
    return reply
      .header("cache-control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
