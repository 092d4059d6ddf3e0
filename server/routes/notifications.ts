import type { FastifyInstance } from "fastify";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import type { AppContext } from "../base/context.ts";
import { clientAddress } from "../http/caller.ts";
import { contractRoute } from "../http/contract-route.ts";

/**
 * POST /notifications/updateunregisterednotifications (SPEC section 7): whether a device that no
 * account has claimed shows notifications. settingValue true means "show" (the inverse of the
 * sign-up screen's "I don't want to see…" checkbox).
 */
export function notificationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "POST /notifications/updateunregisterednotifications", async (body, request) => {
    // Writes are cheap but each new UUID is a row: a bound per client address keeps the table sane.
    await enforceLimits(db, config, [["notificationSettingsPerIp", clientAddress(request)]], "settings changes");
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
