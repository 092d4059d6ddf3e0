import type { FastifyInstance } from "fastify";
import { checkAccountDeletion, deleteAccountByLink, keepAccount, requestAccountDeletion } from "../auth/account/account-deletion.ts";
import type { AppContext } from "../base/context.ts";
import { callerOf } from "../http/caller.ts";
import { contractRoute } from "../http/contract-route.ts";
import { signedInCustomer } from "../http/signed-in-customer.ts";

/**
 * "Delete my account": the signed-in customer asks for a link by mail; the link's page checks it
 * (spending nothing, naming the account) and confirms it, which deletes the account. Confirming
 * needs no session: the link is the proof.
 */
export function accountDeletionRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  const signedIn = signedInCustomer({ db, config });

  contractRoute(app, "POST /api/me/delete/request", async ({ ProductId }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    await requestAccountDeletion(db, config, caller, accountId, ProductId);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/delete/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const { email } = await checkAccountDeletion(db, config, caller, token);
    return { isOk: true, email };
  });

  contractRoute(app, "POST /api/me/delete/keep", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await keepAccount(db, config, caller, token);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/delete/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await deleteAccountByLink(db, config, caller, token);
    mailWorker.deliverNow();
    return { isOk: true };
  });
}
