import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { isValidEmail } from "../../common/email.ts";
import { safeRedirect } from "../../common/redirects.ts";
import { limitResetCodeChecks, openPasswordReset, requestPasswordReset, resetPassword, setFirstPassword } from "../auth/password-reset.ts";
import { currentAccount, readSessionId } from "../auth/sessions.ts";
import { looksLikeSecret } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { signInWithPassword } from "./password-sign-in.ts";
import { parseJsonBody } from "./validation.ts";

const email = z.string({ message: "is required" }).trim().refine(isValidEmail, { message: "must be a valid email address" });
// Length is checked by the password rules, with their own messages; this bound only stops abuse.
const password = z.string({ message: "is required" }).max(4096, "is too long");
const returnUrl = z.string().max(2048).optional().nullable();
const code = z.string().refine(looksLikeSecret, { message: "is not a password reset code" });

const passwordLogin = z.object({
  Email: email,
  Password: password.min(1, "is required"),
  ReturnUrl: returnUrl,
  CaptchaToken: z.string().max(4096).optional(),
});
const forgot = z.object({ email });
const openReset = z.object({ code, email });
const reset = z.object({
  Password: password,
  ConfirmPassword: password,
  // The newer flow sends both empty and is identified by the cookie set when the link was opened.
  Email: z.string().max(254).default(""),
  Code: z.union([z.literal(""), code]).default(""),
});
const setPassword = z.object({ Password: password, ConfirmPassword: password, ReturnUrl: returnUrl });

/** The reset link's code, held for the tab that opened it: it never has to travel in a URL again. */
const RESET_COOKIE = "password_reset";
function resetCookieOptions(maxAgeSeconds?: number) {
  return {
    path: "/api/password",
    httpOnly: true,
    secure: true,
    sameSite: "strict" as const,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}
const RESET_EMAIL_COOKIE = "password_reset_email";

function landing(config: Config, target: string | null | undefined, fallback: string): string {
  return (
    safeRedirect(target, config.publicUrl, config.allowedRedirectOrigins) ??
    safeRedirect(fallback, config.publicUrl, config.allowedRedirectOrigins) ??
    config.links.dsoneUi
  );
}

function clearResetCookies(reply: FastifyReply): void {
  reply.clearCookie(RESET_COOKIE, resetCookieOptions());
  reply.clearCookie(RESET_EMAIL_COOKIE, resetCookieOptions());
}

/**
 * Passwords: DS One password login, forgot password, the reset link (open, then reset), and set
 * password for a signed-in account that has none. Paths: docs/decisions/0008-password-endpoints.md.
 */
export function passwordRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, mailWorker } = context;
  app.post("/api/dsone/password-login", async (request, reply) => {
    const body = parseJsonBody(request, passwordLogin);
    const redirectUrl = await signInWithPassword(context, request, reply, {
      email: body.Email,
      password: body.Password,
      returnUrl: body.ReturnUrl,
      landing: config.links.dsoneUi,
      captchaToken: body.CaptchaToken,
    });
    return { isOk: true, redirectUrl };
  });

  app.post("/api/password/forgot", async (request) => {
    const body = parseJsonBody(request, forgot);
    await requestPasswordReset(db, config, body.email, request);
    mailWorker.kick();
    return { isOk: true, statusText: "If an account exists for this email, we sent it a link to set a new password." };
  });

  app.post("/api/password/reset/open", async (request, reply) => {
    const body = parseJsonBody(request, openReset);
    await limitResetCodeChecks(db, config, request);
    const { expiresAt } = await openPasswordReset(db, body.code, body.email);
    const maxAge = Math.max(1, Math.floor((expiresAt - Date.now()) / 1000));
    reply.setCookie(RESET_COOKIE, body.code, resetCookieOptions(maxAge));
    reply.setCookie(RESET_EMAIL_COOKIE, body.email, resetCookieOptions(maxAge));
    return { isOk: true };
  });

  app.post("/api/password/reset", async (request, reply) => {
    const body = parseJsonBody(request, reset);
    const resetCode = body.Code || request.cookies[RESET_COOKIE] || "";
    const resetEmail = body.Email || request.cookies[RESET_EMAIL_COOKIE] || "";
    if (!looksLikeSecret(resetCode)) throw new AppError("RESET_LINK_UNKNOWN");
    await limitResetCodeChecks(db, config, request);
    await resetPassword(db, config, {
      code: resetCode,
      email: resetEmail,
      password: body.Password,
      confirmPassword: body.ConfirmPassword,
      keepSessionId: readSessionId(request, config),
    });
    clearResetCookies(reply);
    mailWorker.kick();
    return { isOk: true, statusText: "", redirectUrl: "/dsone/reset-password-confirmation" };
  });

  app.post("/api/password/set", async (request) => {
    const body = parseJsonBody(request, setPassword);
    const account = await currentAccount(db, config, request);
    if (!account) throw new AppError("NOT_SIGNED_IN", undefined, {}, { messages: ["Please sign in first."] });
    await setFirstPassword(db, config, request, account.accountId, body.Password, body.ConfirmPassword);
    return { isOk: true, redirectUrl: landing(config, body.ReturnUrl, "/dsone/set-password-confirmation") };
  });
}
