import type { FastifyInstance } from "fastify";
import { DSONE_PRODUCT_ID } from "../../common/products.ts";
import { currentAccountStanding, endSession } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../base/context.ts";
import { callerOf } from "../http/caller.ts";
import { contractRoute } from "../http/contract-route.ts";

/**
 * GET /api/dsone/session: the DS One session check (SPEC section 7, "check the current session").
 * Always 200: signedIn says whether there is a session; SvcLicenseState and UUID are empty strings
 * when the account holds no DS One license or device.
 * POST /api/session/logout ends this browser's session.
 */
export function sessionRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "GET /api/dsone/session", async (_body, request, reply) => {
    reply.header("cache-control", "no-store");
    const found = await currentAccountStanding(db, config, callerOf(request, reply), DSONE_PRODUCT_ID);
    if (!found) return { signedIn: false, SvcLicenseState: "", UUID: "" };
    const { account, standing } = found;
    return { signedIn: true, email: account.email, name: account.name, SvcLicenseState: standing.licenseState, UUID: standing.uuid };
  });

  contractRoute(app, "POST /api/session/logout", async (_body, request, reply) => {
    await endSession(db, config, callerOf(request, reply));
    return { isOk: true };
  });
}
