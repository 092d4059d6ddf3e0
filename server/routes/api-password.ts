import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Brand, brandForProduct, dsone } from "../../common/brands/index.ts";
import { continueTo } from "../auth/kernel/return-url.ts";
import { currentAccount, readSessionId } from "../auth/kernel/sessions.ts";
import { openResetLink, resetWithHeldLink } from "../auth/password/held-reset-link.ts";
import { signInWithPassword } from "../auth/password/password-login.ts";
import { requestPasswordReset, setFirstPasswordOnEarlierPage } from "../auth/password/password-reset.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { recordSignIn } from "../telemetry/sign-in-steps.ts";
import { callerOf } from "./caller.ts";
import { contractRoute } from "./contract-route.ts";

/**
 * Passwords: DS One password login, forgot password, the reset link (open, then reset), and set
 * password for a signed-in account that has none. Paths: docs/decisions/0008-password-endpoints.md.
 */
export function passwordRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, mailWorker } = context;
  contractRoute(app, "POST /api/dsone/password-login", brandPasswordLogin(context, dsone));

  contractRoute(app, "POST /api/password/forgot", async (body, request, reply) => {
    await requestPasswordReset(db, config, body.email, callerOf(request, reply), brandForProduct(body.ProductId ?? dsone.productId));
    mailWorker.deliverNow();
    return { isOk: true, statusText: "If an account exists for this email, we sent it a link to set a new password." };
  });

  contractRoute(app, "POST /api/password/reset/open", async (body, request, reply) => {
    const { passkeys } = await openResetLink(db, config, callerOf(request, reply), body);
    return { isOk: true, passkeys };
  });

  contractRoute(app, "POST /api/password/reset", async (body, request, reply) => {
    const brand = await resetWithHeldLink(db, config, callerOf(request, reply), {
      code: body.Code,
      email: body.Email,
      password: body.Password,
      confirmPassword: body.ConfirmPassword,
      removePasskeys: body.RemovePasskeys,
    });
    mailWorker.deliverNow();
    return { isOk: true, statusText: "", redirectUrl: brand.paths.resetPasswordConfirmation };
  });

  contractRoute(app, "POST /api/password/set", async (body, request, reply) => {
    const caller = callerOf(request, reply);
    const account = await currentAccount(db, config, caller);
    if (!account) throw new AppError("NOT_SIGNED_IN", undefined, {}, { messages: ["Please sign in first."] });
    const session = { accountId: account.accountId, sessionId: readSessionId(caller, config) ?? "" };
    await setFirstPasswordOnEarlierPage(db, config, caller, session, body.Password, body.ConfirmPassword);
    return {
      isOk: true,
      redirectUrl: await continueTo(db, config, body.ReturnUrl, `${config.publicUrl}${dsone.paths.setPasswordConfirmation}`),
    };
  });
}

/** The newer password login of one brand (JSON Email, Password, ReturnUrl): lands on the brand's own site. */
export function brandPasswordLogin({ db, config, telemetry }: AppContext, brand: Brand) {
  return async (
    body: { Email: string; Password: string; ReturnUrl?: string | null | undefined; CaptchaToken?: string | undefined },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ isOk: boolean; redirectUrl: string }> => {
    const { redirectUrl, signedIn } = await signInWithPassword(db, config, callerOf(request, reply), {
      email: body.Email,
      password: body.Password,
      returnUrl: body.ReturnUrl,
      landing: config.links[brand.links.ui],
      captchaToken: body.CaptchaToken,
      productId: brand.productId,
    });
    await recordSignIn(telemetry, request, { method: "password", publicUrl: config.publicUrl, accountId: signedIn.accountId });
    return { isOk: true, redirectUrl };
  };
}
