import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Brand, brandForProduct, dsone, maverick } from "../../../common/brands/index.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
import { recordSignIn } from "../../telemetry/sign-in-steps.ts";
import { continueTo } from "../kernel/return-url.ts";
import { currentAccount, readSessionId } from "../kernel/sessions.ts";
import { openResetLink, resetWithHeldLink } from "./held-reset-link.ts";
import { changePassword } from "./password-change.ts";
import { signInWithPassword } from "./password-login.ts";
import { requestPasswordReset, setFirstPasswordOnEarlierPage } from "./password-reset.ts";

/**
 * Passwords: the DS One and Maverick Safe password logins, forgot password, the reset link (open,
 * then reset), set password for a signed-in account that has none, and the account page's set or
 * change password. The earlier account area's form-encoded logins are with the earlier area
 * (routes/account.ts). Paths: docs/decisions/0008-password-endpoints.md, 0010-maverick.md.
 */
export function passwordRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, mailWorker } = context;
  const signedIn = signedInCustomer({ db, config });
  contractRoute(app, "POST /api/dsone/password-login", brandPasswordLogin(context, dsone));

  contractRoute(app, "POST /api/maverick/password-login", brandPasswordLogin(context, maverick));

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

  contractRoute(app, "POST /api/me/password", async (body, request, reply) => {
    const { caller, session } = await signedIn(request, reply, true);
    const outcome = await changePassword(db, config, caller, session, {
      currentPassword: body.CurrentPassword,
      password: body.Password,
      confirmPassword: body.ConfirmPassword,
      productId: body.ProductId,
    });
    mailWorker.deliverNow();
    const statusText =
      outcome === "set" ? "Your password is set." : "Your password has been changed. Every other browser and app has been signed out.";
    return { isOk: true, statusText };
  });
}

/** The newer password login of one brand (JSON Email, Password, ReturnUrl): lands on the brand's own site. */
function brandPasswordLogin({ db, config, telemetry }: AppContext, brand: Brand) {
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
