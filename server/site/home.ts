import type { FastifyInstance } from "fastify";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { verifyThirdParty } from "../challenge/third-party.ts";
import { clientAddress } from "../http/caller.ts";

/**
 * POST /home/ValidateRecaptchaToken?token=… (SPEC section 7, Human verification): the earlier
 * area's separate captcha check. It answers { success }; without a configured provider it says so
 * (503) rather than pretend.
 */
export function homeRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.post<{ Querystring: { token?: string } }>("/home/ValidateRecaptchaToken", async (request, reply) => {
    const captcha = config.challenge.thirdParty;
    if (!captcha) throw new AppError("CAPTCHA_NOT_CONFIGURED", undefined, {}, { success: false });
    const address = clientAddress(request);
    await enforceLimits(db, config, [["captchaChecksPerIp", address]], "checks");
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const success = (await verifyThirdParty(captcha, token, address)) === "passed";
    return reply.code(success ? 200 : 400).send(success ? { success } : { success, code: "CAPTCHA_FAILED", message: "Login failed" });
  });
}
