import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { TELEMETRY_ENDPOINT } from "../../common/telemetry.ts";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import { currentAccount } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { callerOf, clientAddress } from "../http/caller.ts";
import { parseJsonBody } from "../http/validation.ts";
import { telemetryBatch } from "./schema.ts";
import { storeBatch } from "./store.ts";

/**
 * POST /api/telemetry: one batch of page views, web vitals, error reports and sign-in funnel
 * steps from web/telemetry. Same origin only (the Origin header must be ours: a beacon from another
 * site, or a script without one, is refused), at most 16 KB (the app's body limit) and
 * TELEMETRY_LIMIT_PER_IP batches per address per window; of their events, the address's share of
 * the window's total is stored (TELEMETRY_SHARE_PER_IP).
 */
export function telemetryRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config } = context;
  app.post(TELEMETRY_ENDPOINT, async (request, reply) => {
    if (request.headers.origin !== config.publicUrl) throw new AppError("CROSS_SITE_REQUEST");
    const batch = parseJsonBody(request, telemetryBatch);
    await enforceLimits(db, config, [["telemetryPerIp", clientAddress(request)]], "reports");
    const account = await currentAccount(db, config, callerOf(request, reply));
    await storeBatch(context.telemetry, batch, account?.accountId ?? null, clientAddress(request));
    return reply.code(204).send();
  });
}

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
