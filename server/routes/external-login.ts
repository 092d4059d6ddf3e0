import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Brand, brandById } from "../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../common/query.ts";
import { SOCIAL_SIGN_IN_PROBLEM_PARAMETER, type SocialSignInProblem } from "../../common/social-sign-in.ts";
import { isExistingDesktopUser } from "../auth/accounts.ts";
import {
  ATTEMPT_LIFETIME_MS,
  accountForIdentity,
  attemptContext,
  linkIdentity,
  recordAttempt,
  spendAttempt,
} from "../auth/external-logins.ts";
import { newSignInChecks, type OpenIdSignIn, openIdSignIn, SignInProblem } from "../auth/openid-sign-in.ts";
import { enforceLimits } from "../auth/rate-limit.ts";
import { allowedReturnUrl } from "../auth/return-url.ts";
import { startSession } from "../auth/sessions.ts";
import { GOOGLE_CALLBACK_PATH } from "../config.ts";
import type { AppContext } from "../context.ts";
import { COOKIES, cookieAttributes } from "../cookies.ts";
import { AppError } from "../errors.ts";
import { recordSignInStep } from "../telemetry/sign-in-steps.ts";
import { callerOf, clientAddress } from "./caller.ts";

/** The provider name the sign-in buttons send (SPEC section 7, Navigations), and ours in the database. */
const GOOGLE = { name: "google", parameter: "google" } as const;

/** Holds the PKCE verifier between the start and the callback, for this browser only. */
const ATTEMPT_COOKIE = COOKIES.googleSignIn.name();
const attemptCookie = (maxAge?: number) => cookieAttributes("googleSignIn", maxAge);

/** A query string that grew beyond any sign-in page's is dropped rather than stored. */
function keptQuery(query: string): string {
  return query.length > 2048 ? "" : query;
}

/**
 * Sign in with Google (SPEC sections 1, 2 and 7; docs/decisions/0040-google-sign-in.md):
 * GET /external/login?provider=Google&product=dsone|maverick&… starts the OpenID Connect
 * authorization code flow; GET /signin-google is where Google sends the customer back. The
 * outcome is a session and the ReturnUrl, "Account Not Found" on the brand's login, or the brand's
 * social sign-in screen naming the problem, never a half sign-in.
 */
export function externalLoginRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db } = context;
  let google: OpenIdSignIn | undefined;
  if (config.google) {
    // The stand-in is a provider of our own, with a client secret made up for this process.
    const clientSecret = config.google.clientSecret ?? randomBytes(32).toString("base64url");
    const settings = config.google;
    if (settings.standIn) {
      // Loaded only when it runs: the provider and its framework cost a server start ~0.4 s.
      void app.register(async (scope) => {
        const { googleStandInRoutes } = await import("./dev-google.ts");
        googleStandInRoutes(scope, settings, clientSecret);
      });
    }
    // Plain http only to a local issuer outside production (production requires https, config.ts).
    const allowInsecureHttp = !config.production && config.google.issuerUrl.startsWith("http:");
    google = openIdSignIn({ ...config.google, clientSecret, allowInsecureHttp });
  }

  /** Logs an attempt's outcome and records it as a funnel step: a Google sign-in or a refusal. */
  const log = async (request: FastifyRequest, brand: Brand, outcome: string, detail?: string) => {
    const signedIn = outcome === "signed-in";
    request.log[signedIn ? "info" : "warn"](
      { socialSignIn: { provider: GOOGLE.name, brand: brand.id, outcome, detail } },
      "social sign-in",
    );
    await recordSignInStep(context.telemetry, request, {
      step: signedIn ? "signed_in" : "refused",
      method: "google",
      ...(signedIn ? {} : { code: outcome.toUpperCase().replaceAll("-", "_") }),
      screen: brand.paths.emailLogin,
    });
  };

  /** The brand's social sign-in screen for a problem, with the login page's query for the way back. */
  const showProblem = (reply: FastifyReply, brand: Brand, query: string, problem: SocialSignInProblem) => {
    const params = new URLSearchParams(query);
    params.set(SOCIAL_SIGN_IN_PROBLEM_PARAMETER, problem);
    return reply.redirect(`${brand.paths.socialSignIn}?${params.toString()}`, 303);
  };

  /** Counts the attempt; too many from one address is a problem screen like the others. */
  const withinLimit = async (request: FastifyRequest, bucket: "socialSignInStartPerIp" | "socialSignInReturnPerIp"): Promise<boolean> => {
    try {
      await enforceLimits(db, config, [[bucket, clientAddress(request)]], "sign-in attempts");
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
      throw error;
    }
  };

  app.get("/external/login", async (request, reply) => {
    const params = new URLSearchParams(request.url.split("?")[1] ?? "");
    const brand = brandById(params.get("product"));
    const provider = params.get("provider");
    params.delete("provider");
    params.delete("product");
    const query = keptQuery(params.toString());
    if (provider?.toLowerCase() !== GOOGLE.parameter || !google) {
      await log(request, brand, "unavailable", `provider ${provider === null ? "missing" : "not offered"}`);
      return showProblem(reply, brand, query, "unavailable");
    }
    if (!(await withinLimit(request, "socialSignInStartPerIp"))) {
      await log(request, brand, "rate-limited");
      return showProblem(reply, brand, query, "busy");
    }
    const checks = newSignInChecks();
    let authorizationUrl: URL;
    try {
      authorizationUrl = await google.authorizationUrl(checks);
    } catch (error) {
      if (!(error instanceof SignInProblem)) throw error;
      await log(request, brand, error.problem, error.message);
      return showProblem(reply, brand, query, error.problem);
    }
    await recordAttempt(db, {
      provider: GOOGLE.name,
      ...checks,
      brand: brand.id,
      query,
      returnUrl: await allowedReturnUrl(db, config, getParamIgnoringCase(query, "returnurl")),
    });
    reply.setCookie(ATTEMPT_COOKIE, checks.verifier, attemptCookie(ATTEMPT_LIFETIME_MS / 1000));
    return reply.redirect(authorizationUrl.href, 303);
  });

  app.get(GOOGLE_CALLBACK_PATH, async (request, reply) => {
    const callbackUrl = new URL(request.url, config.publicUrl);
    const state = callbackUrl.searchParams.get("state") ?? undefined;
    const verifier = request.cookies[ATTEMPT_COOKIE];
    // One attempt, one callback: the cookie goes whatever happens next.
    reply.clearCookie(ATTEMPT_COOKIE, attemptCookie());

    if (!(await withinLimit(request, "socialSignInReturnPerIp"))) {
      const context = await attemptContext(db, state, verifier);
      await log(request, brandById(context?.brand), "rate-limited");
      return showProblem(reply, brandById(context?.brand), context?.query ?? "", "busy");
    }
    const attempt = state && verifier && google ? await spendAttempt(db, state, verifier) : undefined;
    if (!attempt || !state || !verifier || !google) {
      // Unknown or altered state, already used, expired, or started in another browser.
      const context = await attemptContext(db, state, verifier);
      await log(request, brandById(context?.brand), "expired", verifier ? "no matching unspent attempt" : "no attempt cookie");
      return showProblem(reply, brandById(context?.brand), context?.query ?? "", "expired");
    }
    const brand = brandById(attempt.brand);

    let identity: { subject: string; email: string };
    try {
      identity = await google.finish(callbackUrl, { state, nonce: attempt.nonce, verifier });
    } catch (error) {
      if (!(error instanceof SignInProblem)) throw error;
      await log(request, brand, error.problem, error.message);
      return showProblem(reply, brand, attempt.query, error.problem);
    }

    const externalIdentity = { provider: GOOGLE.name, ...identity };
    const match = await accountForIdentity(db, externalIdentity);
    if (match.kind === "no-account") {
      // The access-link flow's outcome: the brand's login says "Account Not Found" with the email.
      await log(request, brand, "account-not-found");
      const params = new URLSearchParams(attempt.query);
      params.set("failedEmail", identity.email);
      return reply.redirect(`${brand.paths.emailLogin}?${params.toString()}`, 303);
    }
    if (await isExistingDesktopUser(db, match.accountId)) {
      await log(request, brand, "existing-desktop-user");
      return reply.redirect(`${config.links.desktopSignIn}${encodeURIComponent(identity.email)}`, 303);
    }
    if (match.kind === "same-email") await linkIdentity(db, externalIdentity, match.accountId);
    await startSession(db, config, callerOf(request, reply), match.accountId);
    await log(request, brand, "signed-in", match.kind);
    // The allowlist is checked again: it may have changed since the sign-in started.
    // An authorization callback counts only while that authorization is still pending (OpenID Provider).
    const landing = (await allowedReturnUrl(db, config, attempt.returnUrl)) ?? config.links[brand.links.ui];
    return reply.redirect(landing, 303);
  });
}
