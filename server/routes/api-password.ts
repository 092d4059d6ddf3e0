import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Brand, brandForProduct, dsone } from "../../common/brands/index.ts";
import { passkeysToOffer } from "../auth/kernel/passkey-removal.ts";
import { continueTo } from "../auth/kernel/return-url.ts";
import { currentAccount, readSessionId } from "../auth/kernel/sessions.ts";
import { looksLikeSecret } from "../auth/kernel/tokens.ts";
import { signInWithPassword } from "../auth/password/password-login.ts";
import {
  limitResetCodeChecks,
  openPasswordReset,
  requestPasswordReset,
  resetPassword,
  setFirstPassword,
} from "../auth/password/password-reset.ts";
import type { AppContext } from "../context.ts";
import { COOKIES, cookieAttributes } from "../cookies.ts";
import { AppError } from "../errors.ts";
import { recordSignIn } from "../telemetry/sign-in-steps.ts";
import { callerOf } from "./caller.ts";
import { contractRoute } from "./contract-route.ts";

/** The reset link's code and email, held for the tab that opened it: they never travel in a URL again. */
const RESET_COOKIE = COOKIES.passwordReset.name();
const RESET_EMAIL_COOKIE = COOKIES.passwordResetEmail.name();

function clearResetCookies(reply: FastifyReply): void {
  reply.clearCookie(RESET_COOKIE, cookieAttributes("passwordReset"));
  reply.clearCookie(RESET_EMAIL_COOKIE, cookieAttributes("passwordReset"));
}

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
    await limitResetCodeChecks(db, config, callerOf(request, reply));
    const { accountId, expiresAt } = await openPasswordReset(db, body.code, body.email);
    const maxAge = Math.max(1, Math.floor((expiresAt - Date.now()) / 1000));
    reply.setCookie(RESET_COOKIE, body.code, cookieAttributes("passwordReset", maxAge));
    reply.setCookie(RESET_EMAIL_COOKIE, body.email, cookieAttributes("passwordReset", maxAge));
    // The link holder may remove passkeys with the reset: they see which the account has.
    return { isOk: true, passkeys: await passkeysToOffer(db, accountId) };
  });

  contractRoute(app, "POST /api/password/reset", async (body, request, reply) => {
    const resetCode = body.Code || request.cookies[RESET_COOKIE] || "";
    const resetEmail = body.Email || request.cookies[RESET_EMAIL_COOKIE] || "";
    if (!looksLikeSecret(resetCode)) throw new AppError("RESET_LINK_UNKNOWN");
    await limitResetCodeChecks(db, config, callerOf(request, reply));
    const brand = await resetPassword(db, config, {
      code: resetCode,
      email: resetEmail,
      password: body.Password,
      confirmPassword: body.ConfirmPassword,
      keepSessionId: readSessionId(callerOf(request, reply), config),
      from: callerOf(request, reply),
      removePasskeys: body.RemovePasskeys,
    });
    clearResetCookies(reply);
    mailWorker.deliverNow();
    return { isOk: true, statusText: "", redirectUrl: brand.paths.resetPasswordConfirmation };
  });

  contractRoute(app, "POST /api/password/set", async (body, request, reply) => {
    const account = await currentAccount(db, config, callerOf(request, reply));
    if (!account) throw new AppError("NOT_SIGNED_IN", undefined, {}, { messages: ["Please sign in first."] });
    await setFirstPassword(db, config, callerOf(request, reply), account.accountId, body.Password, body.ConfirmPassword);
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
