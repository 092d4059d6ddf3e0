import type { FastifyReply, FastifyRequest } from "fastify";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import { currentAccount, readSessionId } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { hashSecret } from "../secrets/tokens.ts";
import { callerOf } from "./caller.ts";

/**
 * What a request of the account page counts against: nothing (a read), the session's changes, or
 * the session's data downloads.
 */
export type AccountPageLimit = false | true | "export";

/**
 * The account page's requests: the signed-in account and its caller, answered never from a cache;
 * 401 for anyone else. A change (`true`) counts against this session's limit of changes, never
 * the account's: another session of the account cannot use up what the owner needs to take it
 * back (docs/decisions/0065). A download of the account's data has a limit of its own, per session too.
 */
export function signedInCustomer({ db, config }: Pick<AppContext, "db" | "config">) {
  return async (request: FastifyRequest, reply: FastifyReply, limit: AccountPageLimit) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const account = await currentAccount(db, config, caller);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    // currentAccount found the session by this cookie: it is there.
    const sessionId = readSessionId(caller, config) ?? "";
    const sessionHash = hashSecret(sessionId);
    if (limit === true) await enforceLimits(db, config, [["accountChangesPerSession", account.accountId, sessionHash]], "account changes");
    if (limit === "export")
      await enforceLimits(db, config, [["accountExportsPerSession", account.accountId, sessionHash]], "data downloads");
    return {
      caller,
      accountId: account.accountId,
      sessionId,
      sessionHash,
      session: { accountId: account.accountId, sessionId },
      signedInWith: account.amr ?? [],
    };
  };
}
