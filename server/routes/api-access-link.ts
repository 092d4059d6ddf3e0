import type { FastifyInstance } from "fastify";
import { checkAccessLink, requestAccessLink, signInWithAccessLink } from "../auth/access-links.ts";
import { verifyCaptcha } from "../auth/captcha.ts";
import { signInWithCode } from "../auth/sign-in-codes.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { callerOf, clientAddress } from "./caller.ts";
import { contractRoute } from "./contract-route.ts";

/**
 * POST /api/access-link asks for a personal access link; POST /api/access-link/check says whether
 * one would still sign in, spending nothing; POST /api/access-link/consume spends one, and
 * POST /api/access-link/code spends one by the code its mail carries, in the browser that asked.
 */
export function accessLinkRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  contractRoute(app, "POST /api/access-link", async (body, request, reply) => {
    if (config.captcha && !(await verifyCaptcha(config.captcha, body.CaptchaToken, clientAddress(request)))) {
      throw new AppError("CAPTCHA_FAILED");
    }
    const answer = await requestAccessLink(db, config, {
      email: body.Email,
      productId: body.ProductId,
      returnUrl: body.ReturnUrl ?? undefined,
      caller: callerOf(request, reply),
    });
    if (answer.isOk) mailWorker.deliverNow();
    return answer;
  });

  contractRoute(app, "POST /api/access-link/check", async ({ token }, request, reply) => {
    reply.header("cache-control", "no-store");
    await checkAccessLink(db, config, callerOf(request, reply), token);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/access-link/code", async ({ code }, request, reply) => {
    reply.header("cache-control", "no-store");
    return signInWithCode(db, config, callerOf(request, reply), code);
  });

  contractRoute(app, "POST /api/access-link/consume", async ({ token }, request, reply) => {
    return signInWithAccessLink(db, config, callerOf(request, reply), token);
  });
}
