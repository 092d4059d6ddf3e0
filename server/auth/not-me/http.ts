import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../base/context.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { checkNotMe, signOutNotMe } from "./not-me.ts";

/**
 * "This wasn't me", the "New sign-in" mail's link: it signs that browser out and removes what it
 * added (docs/decisions/0067).
 */
export function notMeRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "POST /api/not-me/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkNotMe(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/not-me/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await signOutNotMe(db, config, caller, token);
    return { isOk: true };
  });
}
