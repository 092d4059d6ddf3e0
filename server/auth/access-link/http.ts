import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../base/context.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { recordSignIn } from "../../telemetry/sign-in-steps.ts";
import { checkAccessLink, requestAccessLink, signInWithAccessLink } from "./access-links.ts";
import { approveSignIn, askingDeviceFor, WAIT_MS, waitForApproval } from "./approval.ts";
import { signInWithCode } from "./sign-in-codes.ts";

/**
 * POST /api/access-link asks for a personal access link; POST /api/access-link/check says whether
 * one would still sign in, spending nothing; POST /api/access-link/consume spends one, and
 * POST /api/access-link/code spends one by the code its mail carries, in the browser that asked.
 */
export function accessLinkRoutes(app: FastifyInstance, { db, config, mailWorker, telemetry }: AppContext): void {
  contractRoute(app, "POST /api/access-link", async (body, request, reply) => {
    const answer = await requestAccessLink(db, config, {
      email: body.Email,
      productId: body.ProductId,
      returnUrl: body.ReturnUrl ?? undefined,
      caller: callerOf(request, reply),
      form: { captchaToken: body.CaptchaToken },
    });
    if (answer.isOk) mailWorker.deliverNow();
    return answer;
  });

  contractRoute(app, "POST /api/access-link/check", async ({ token }, request, reply) => {
    reply.header("cache-control", "no-store");
    const caller = callerOf(request, reply);
    await checkAccessLink(db, config, caller, token);
    const otherDevice = await askingDeviceFor(db, config, caller, token);
    return otherDevice ? { isOk: true, otherDevice } : { isOk: true };
  });

  contractRoute(app, "POST /api/access-link/approve", async ({ token, Number: picked }, request, reply) => {
    reply.header("cache-control", "no-store");
    return { isOk: true, ...(await approveSignIn(db, config, callerOf(request, reply), token, picked)) };
  });

  contractRoute(app, "POST /api/access-link/wait", async ({ Wait }, request, reply) => {
    reply.header("cache-control", "no-store");
    // The screen went away (the connection closed before the answer): stop reading for it.
    let gone = false;
    reply.raw.once("close", () => {
      gone = true;
    });
    const answer = await waitForApproval(db, config, callerOf(request, reply), Wait ? WAIT_MS : 0, () => gone);
    if (answer.state !== "signed_in") return answer;
    // The approval's sign-in is a funnel step of its own: the link was opened, and approved, elsewhere.
    await recordSignIn(telemetry, request, { method: "approval", publicUrl: config.publicUrl, accountId: answer.signedIn.accountId });
    return { state: answer.state, redirectUrl: answer.redirectUrl };
  });

  contractRoute(app, "POST /api/access-link/code", async ({ code }, request, reply) => {
    reply.header("cache-control", "no-store");
    const { redirectUrl, signedIn } = await signInWithCode(db, config, callerOf(request, reply), code);
    await recordSignIn(telemetry, request, { method: "access_link", publicUrl: config.publicUrl, accountId: signedIn.accountId });
    return { redirectUrl };
  });

  contractRoute(app, "POST /api/access-link/consume", async ({ token }, request, reply) => {
    const { redirectUrl, signedIn } = await signInWithAccessLink(db, config, callerOf(request, reply), token);
    await recordSignIn(telemetry, request, { method: "access_link", publicUrl: config.publicUrl, accountId: signedIn.accountId });
    return { redirectUrl };
  });
}
