import type { FastifyReply, FastifyRequest } from "fastify";
import type { Brand } from "../../common/brands/index.ts";
import { checkPassword } from "../auth/password-login.ts";
import { continueTo } from "../auth/return-url.ts";
import { startSession } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { callerOf } from "./caller.ts";

export interface PasswordSignIn {
  email: string;
  password: string;
  returnUrl?: string | null | undefined;
  /** Where to go when the ReturnUrl is missing or not allowed. */
  landing: string;
  remember?: boolean;
  captchaToken?: string | undefined;
}

/**
 * Every password sign-in (DS One, Maverick Safe, the earlier area's forms): the configuration
 * switch, the counted password check, a new session, and the allowlisted place to continue.
 */
export async function signInWithPassword(
  { db, config }: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: PasswordSignIn,
): Promise<string> {
  if (!config.passwordLoginAllowed) throw new AppError("PASSWORD_LOGIN_DISABLED");
  const accountId = await checkPassword(db, config, callerOf(request, reply), {
    email: signIn.email,
    password: signIn.password,
    captchaToken: signIn.captchaToken,
  });
  await startSession(db, config, callerOf(request, reply), accountId, { remember: signIn.remember ?? true });
  return continueTo(db, config, signIn.returnUrl, signIn.landing);
}

/** The newer password login of one brand (JSON Email, Password, ReturnUrl): lands on the brand's own site. */
export function brandPasswordLogin(context: AppContext, brand: Brand) {
  return async (
    body: { Email: string; Password: string; ReturnUrl?: string | null | undefined; CaptchaToken?: string | undefined },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ isOk: boolean; redirectUrl: string }> => {
    const redirectUrl = await signInWithPassword(context, request, reply, {
      email: body.Email,
      password: body.Password,
      returnUrl: body.ReturnUrl,
      landing: context.config.links[brand.links.ui],
      captchaToken: body.CaptchaToken,
    });
    return { isOk: true, redirectUrl };
  };
}
