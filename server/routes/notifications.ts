import type { FastifyInstance } from "fastify";
import { enforceLimits } from "../auth/rate-limit.ts";
import type { AppContext } from "../context.ts";
import { contractRoute } from "./contract-route.ts";

/** Writes are cheap but each new UUID is a row: a bound per client address keeps the table sane. */
const SETTINGS_PER_IP = 120;

/**
 * POST /notifications/updateunregisterednotifications (SPEC section 7): whether a device that no
 * account has claimed shows notifications. settingValue true means "show" (the inverse of the
 * sign-up screen's "I don't want to see…" checkbox).
 */
export function notificationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "POST /notifications/updateunregisterednotifications", async (body, request) => {
    await enforceLimits(db, [[`notifications:ip:${request.ip}`, SETTINGS_PER_IP]], config.rateLimits.windowMs, "settings changes");
    const uuid = body.uuid.toLowerCase();
    const row = { show_notifications: body.settingValue ? 1 : 0, updated_at: Date.now() };
    await db
      .insertInto("device_settings")
      .values({ uuid, ...row })
      .onConflict((conflict) => conflict.column("uuid").doUpdateSet(row))
      .execute();
    return { isOk: true };
  });
}
