import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { redactParameter, redactUrl } from "../../common/redact.ts";
import type { AppContext } from "../context.ts";
import { parseJsonBody } from "./validation.ts";

const pageView = z.object({
  path: z.string().max(512),
  query: z
    .record(z.string().max(64), z.string().max(512))
    .refine((query) => Object.keys(query).length <= 30, { message: "has too many parameters" }),
});

/**
 * POST /api/telemetry/page-view: one page view, already stripped of secrets by the browser
 * (web/telemetry). Written to the log as a structured event for whatever collects the logs.
 */
export function telemetryRoutes(app: FastifyInstance, _context: AppContext): void {
  app.post("/api/telemetry/page-view", async (request, reply) => {
    const view = parseJsonBody(request, pageView);
    // The browser redacts already; the server does not rely on it.
    const query = Object.fromEntries(Object.entries(view.query).map(([key, value]) => [key, redactParameter(key, value)]));
    request.log.info({ pageView: { path: redactUrl(view.path), query } }, "page view");
    return reply.code(204).send();
  });
}
