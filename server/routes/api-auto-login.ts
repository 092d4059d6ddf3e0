import type { FastifyInstance } from "fastify";
import { DSONE_PRODUCT_ID } from "../../common/products.ts";
import { signedInDevice } from "../auth/kernel/devices.ts";
import type { AppContext } from "../base/context.ts";
import { callerOf } from "../http/caller.ts";
import { contractRoute } from "../http/contract-route.ts";

/**
 * POST /api/dsone/auto-login {UUID}: the auto-login screen's request (SPEC section 7, "auto-login
 * by UUID"). It confirms that the device belongs to the signed-in account and answers the
 * account's DS One license state, which the desktop software is then asked to check.
 */
export function autoLoginRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "POST /api/dsone/auto-login", async (body, request, reply) => {
    const device = await signedInDevice(db, config, callerOf(request, reply), body.UUID, DSONE_PRODUCT_ID);
    return { isOk: true, UUID: device.uuid, SvcLicenseState: device.licenseState };
  });
}
