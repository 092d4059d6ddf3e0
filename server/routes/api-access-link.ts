import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isValidEmail } from "../../common/email.ts";
import { requestAccessLink, signInWithAccessLink } from "../auth/access-links.ts";
import { verifyCaptcha } from "../auth/captcha.ts";
import { setSessionCookie } from "../auth/sessions.ts";
import { looksLikeSecret } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { parseJsonBody } from "./validation.ts";

const accessLinkRequest = z.object({
  Email: z.string({ message: "is required" }).trim().refine(isValidEmail, { message: "must be a valid email address" }),
  ProductId: z.number({ message: "must be a product id (a number)" }).int(),
  ReturnUrl: z.string().max(2048).optional().nullable(),
  CaptchaToken: z.string().max(4096).optional(),
});

const consumeRequest = z.object({
  token: z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not a sign-in link token" }),
});

/** POST /api/access-link asks for a personal access link; POST /api/access-link/consume spends one. */
export function accessLinkRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  app.post("/api/access-link", async (request) => {
    const body = parseJsonBody(request, accessLinkRequest);
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

  app.post("/api/access-link/consume", async (request, reply) => {
    const { token } = parseJsonBody(request, consumeRequest);
    const { sessionId, redirectUrl } = await signInWithAccessLink(db, config, request, token);
    setSessionCookie(reply, config, sessionId);
    return { redirectUrl };
  });
}
