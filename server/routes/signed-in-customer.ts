import type { FastifyReply, FastifyRequest } from "fastify";
import { enforceLimits } from "../auth/rate-limit.ts";
import { currentAccount } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { callerOf } from "./caller.ts";

/**
 * The account page's requests: the signed-in account and its caller, answered never from a cache;
 * 401 for anyone else. A change (`change`) also counts against the account's limit of changes.
 */
export function signedInCustomer({ db, config }: Pick<AppContext, "db" | "config">) {
  return async (request: FastifyRequest, reply: FastifyReply, change: boolean) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const account = await currentAccount(db, config, caller);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    if (change) await enforceLimits(db, config, [["accountChangesPerAccount", account.accountId]], "account changes");
    return { caller, accountId: account.accountId };
  };
}
