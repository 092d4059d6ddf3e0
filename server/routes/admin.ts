import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ADMIN_PERIOD_DAYS, ADMIN_REPORT_ENDPOINT } from "../../common/telemetry.ts";
import type { Caller } from "../auth/kernel/caller.ts";
import { staffAccess } from "../auth/kernel/roles.ts";
import type { Config } from "../base/config.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import type { Db } from "../db/database.ts";
import { callerOf } from "../http/caller.ts";
import { operationsReport } from "../telemetry/report.ts";

const query = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ADMIN_PERIOD_DAYS as readonly number[]).includes(days), {
      message: `must be one of ${ADMIN_PERIOD_DAYS.join(", ")}`,
    })
    .default(7),
});

/** Whether the request comes from a signed-in admin, another signed-in account, or nobody signed in. */
export async function adminAccess(db: Db, config: Config, caller: Caller): Promise<"admin" | "customer" | "not-signed-in"> {
  const access = await staffAccess(db, config, caller);
  if (access.kind === "not-signed-in") return "not-signed-in";
  return access.kind === "staff" && access.role === "admin" ? "admin" : "customer";
}

/**
 * GET /api/admin/operations?days=1|7|30: the operations page's figures. Only for signed-in
 * accounts with the admin role (decision 36): 401 without a session, 403 for a customer.
 */
export function adminRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get(ADMIN_REPORT_ENDPOINT, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const access = await adminAccess(db, config, callerOf(request, reply));
    if (access === "not-signed-in") throw new AppError("NOT_SIGNED_IN");
    if (access === "customer") throw new AppError("ADMIN_ONLY");
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new AppError("BAD_REQUEST", `days: ${parsed.error.issues[0]?.message}`);
    return operationsReport(db, parsed.data.days);
  });
}
