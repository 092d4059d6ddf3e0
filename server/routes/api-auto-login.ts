import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DSONE_PRODUCT_ID } from "../../common/products.ts";
import { isValidUuid } from "../../common/uuid.ts";
import { currentAccount } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { parseJsonBody } from "./validation.ts";

const autoLogin = z.object({
  UUID: z.string({ message: "is required" }).refine(isValidUuid, { message: "must be a device UUID (8-4-4-4-12 hexadecimal digits)" }),
});

/**
 * POST /api/dsone/auto-login {UUID}: the auto-login screen's request (SPEC section 7, "auto-login
 * by UUID"). It confirms that the device belongs to the signed-in account and answers the
 * account's DS One license state, which the desktop software is then asked to check.
 */
export function autoLoginRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.post("/api/dsone/auto-login", async (request) => {
    const body = parseJsonBody(request, autoLogin);
    const account = await currentAccount(db, config, request);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    const device = await db
      .selectFrom("devices")
      .leftJoin("licenses", (join) =>
        join.onRef("licenses.account_id", "=", "devices.account_id").onRef("licenses.product_id", "=", "devices.product_id"),
      )
      .select(["licenses.state"])
      .where("devices.uuid", "=", body.UUID.toLowerCase())
      .where("devices.account_id", "=", account.accountId)
      .where("devices.product_id", "=", DSONE_PRODUCT_ID)
      .executeTakeFirst();
    if (!device) throw new AppError("DEVICE_NOT_FOUND");
    return { isOk: true, UUID: body.UUID.toLowerCase(), SvcLicenseState: device.state ?? "" };
  });
}
