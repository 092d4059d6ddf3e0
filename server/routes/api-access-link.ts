import type { FastifyInstance } from "fastify";
import { requestAccessLink, signInWithAccessLink } from "../auth/access-links.ts";
import { verifyCaptcha } from "../auth/captcha.ts";
import { setSessionCookie } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { contractRoute } from "./contract-route.ts";

/** POST /api/access-link asks for a personal access link; POST /api/access-link/consume spends one. */
export function accessLinkRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  contractRoute(app, "POST /api/access-link", async (body, request) => {
    if (config.captcha && !(await verifyCaptcha(config.captcha, body.CaptchaToken, request.ip))) {
      throw new AppError("CAPTCHA_FAILED");
    }
    const answer = await requestAccessLink(db, config, {
      email: body.Email,
      productId: body.ProductId,
      returnUrl: body.ReturnUrl ?? undefined,
      ip: request.ip,
    });
    if (answer.isOk) mailWorker.kick();
    return answer;
  });

  contractRoute(app, "POST /api/access-link/consume", async ({ token }, request, reply) => {
    const { sessionId, redirectUrl } = await signInWithAccessLink(db, config, request, token);
    setSessionCookie(reply, config, sessionId);
    return { redirectUrl };
  });
}
