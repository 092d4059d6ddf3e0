import type { FastifyInstance } from "fastify";
import { checkAccountDeletion, deleteAccountByLink, requestAccountDeletion } from "../auth/account-deletion.ts";
import { enforceLimits } from "../auth/rate-limit.ts";
import { currentAccount } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { callerOf } from "./caller.ts";
import { contractRoute } from "./contract-route.ts";

/**
 * "Delete my account": the signed-in customer asks for a link by mail; the link's page checks it
 * (spending nothing, naming the account) and confirms it, which deletes the account. Confirming
 * needs no session: the link is the proof.
 */
export function accountDeletionRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  contractRoute(app, "POST /api/me/delete/request", async ({ ProductId }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const account = await currentAccount(db, config, caller);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    await enforceLimits(db, config, [["accountChangesPerAccount", account.accountId]], "account changes");
    await requestAccountDeletion(db, config, caller, account.accountId, ProductId);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/delete/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const { email } = await checkAccountDeletion(db, config, caller, token);
    return { isOk: true, email };
  });

  contractRoute(app, "POST /api/me/delete/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await deleteAccountByLink(db, config, caller, token);
    mailWorker.deliverNow();
    return { isOk: true };
  });
}
