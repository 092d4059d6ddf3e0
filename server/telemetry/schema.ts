import { z } from "zod";
import { ERROR_SOURCES, MAX_ERROR_TEXT, MAX_EVENTS_PER_BATCH, type TelemetryBatch, VITALS } from "../../common/telemetry.ts";

const path = z.string().startsWith("/").max(512);
const at = z.number().int().nonnegative();

const event = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("page_view"),
    path,
    query: z
      .record(z.string().max(64), z.string().max(512))
      .refine((query) => Object.keys(query).length <= 30, { message: "has too many parameters" }),
    at,
  }),
  z.object({ kind: z.literal("vital"), name: z.enum(VITALS), value: z.number().finite().nonnegative().max(600_000), path, at }),
  z.object({
    kind: z.literal("error"),
    source: z.enum(ERROR_SOURCES),
    message: z.string().max(MAX_ERROR_TEXT),
    stack: z.string().max(MAX_ERROR_TEXT).optional(),
    path,
    at,
  }),
]);

/**
 * A batch from web/telemetry, exactly as common/telemetry.ts describes it; anything else is refused,
 * funnel steps too: the server records those itself, so a browser cannot make them up.
 */
export const telemetryBatch: z.ZodType<TelemetryBatch> = z.strictObject({
  session: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  events: z.array(event).min(1).max(MAX_EVENTS_PER_BATCH),
});
