import type { FastifyInstance } from "fastify";
import { brandForProduct } from "../../../../common/brands/index.ts";
import type { AppContext } from "../../../base/context.ts";
import { callerOf } from "../../../http/caller.ts";
import { contractRoute } from "../../../http/contract-route.ts";
import { signedInCustomer } from "../../../http/signed-in-customer.ts";
import { checkEmailChange, confirmEmailChange, confirmEmailChangeWithCode } from "./confirm.ts";
import { requestEmailChange } from "./request.ts";
import { cancelEmailChange, checkCancelEmailChange, checkUndoEmailChange, undoEmailChange } from "./take-back.ts";
import { checkEmailUndoDispute, disputeEmailUndo } from "./undo-notice.ts";

/**
 * Changing the email (docs/decisions/0070): asked for on the account page, confirmed by the new
 * address's link or code, cancelled or undone by the old address's links. Each mail goes out now.
 */
export function emailChangeRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  const signedIn = signedInCustomer({ db, config });

  contractRoute(app, "POST /api/me/email", async ({ NewEmail, ProductId }, request, reply) => {
    const { caller, accountId, session } = await signedIn(request, reply, true);
    const brand = brandForProduct(ProductId);
    await requestEmailChange(
      db,
      config,
      { kind: "customer", session, source: { caller }, language: caller.language, brand },
      accountId,
      NewEmail,
    );
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/email/code", async ({ Code }, request, reply) => {
    // Not a change of its own: bounded by the code's five tries and the address's limit.
    const { caller, session } = await signedIn(request, reply, false);
    const { newEmail } = await confirmEmailChangeWithCode(db, config, caller, session, Code);
    mailWorker.deliverNow();
    return { isOk: true, email: newEmail };
  });

  contractRoute(app, "POST /api/email-change/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkEmailChange(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/email-change/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const { newEmail } = await confirmEmailChange(db, config, caller, token);
    mailWorker.deliverNow();
    return { isOk: true, email: newEmail };
  });

  contractRoute(app, "POST /api/email-change/cancel/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkCancelEmailChange(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/email-change/cancel", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await cancelEmailChange(db, config, caller, token);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/email-change/undo/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkUndoEmailChange(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/email-change/undo", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const undone = await undoEmailChange(db, config, caller, token);
    mailWorker.deliverNow();
    return { isOk: true, ...undone };
  });

  contractRoute(app, "POST /api/email-change/undo-dispute/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkEmailUndoDispute(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/email-change/undo-dispute", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await disputeEmailUndo(db, config, caller, token);
    return { isOk: true };
  });
}
