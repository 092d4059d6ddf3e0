import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DSONE_PRODUCT_ID } from "../../common/products.ts";
import { isValidUuid } from "../../common/uuid.ts";
import { signedInDevice } from "../auth/devices.ts";
import type { AppContext } from "../context.ts";
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
    const device = await signedInDevice(db, config, request, body.UUID, DSONE_PRODUCT_ID);
    return { isOk: true, UUID: device.uuid, SvcLicenseState: device.licenseState };
  });
}
