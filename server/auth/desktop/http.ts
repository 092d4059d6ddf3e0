import type { FastifyInstance } from "fastify";
import { DSONE_PRODUCT_ID, PRODUCTS } from "../../../common/products.ts";
import type { AppContext } from "../../base/context.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { currentAccount, productStanding } from "../kernel/sessions.ts";
import { signedInDevice } from "./devices.ts";

const MAVERICK = PRODUCTS.maverick.id;

/**
 * Maverick Safe: its session check (LicenseStatus, UUID) and auto-login by UUID. Its password
 * login is with the password's door (auth/password/http.ts), the earlier form-encoded Maverick
 * login with the earlier account area (account.ts). Paths: docs/decisions/0010-maverick.md.
 */
export function maverickRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config } = context;
  contractRoute(app, "GET /api/maverick/session", async (_body, request, reply) => {
    reply.header("cache-control", "no-store");
    const account = await currentAccount(db, config, callerOf(request, reply));
    if (!account) return { signedIn: false, LicenseStatus: "", UUID: "" };
    const standing = await productStanding(db, account.accountId, MAVERICK);
    return { signedIn: true, email: account.email, LicenseStatus: standing.licenseState, UUID: standing.uuid };
  });

  contractRoute(app, "POST /api/maverick/auto-login", async (body, request, reply) => {
    const device = await signedInDevice(db, config, callerOf(request, reply), body.UUID, MAVERICK);
    return { isOk: true, UUID: device.uuid, LicenseStatus: device.licenseState };
  });
}

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
