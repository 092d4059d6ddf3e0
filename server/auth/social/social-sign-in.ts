import type { Brand } from "../../../common/brands/index.ts";
import { addressLanguageHints, statedLanguage } from "../../../common/languages.ts";
import { getParamIgnoringCase } from "../../../common/query.ts";
import {
  SOCIAL_SIGN_IN_PROBLEM_PARAMETER,
  SOCIAL_SIGN_IN_PROVIDER_PARAMETER,
  type SocialSignInProblem,
} from "../../../common/social-sign-in.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { type Caller, setCookie } from "../kernel/caller.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { allowedReturnUrl } from "../kernel/return-url.ts";
import type { SignedIn } from "../kernel/sessions.ts";
import { ATTEMPT_LIFETIME_MS, recordAttempt } from "./external-logins.ts";
import { newSignInChecks, type OpenIdSignIn, SignInProblem } from "./openid-sign-in.ts";

/**
 * What every social sign-in's steps share (Google's and Microsoft's): the answer of a step, the
 * problem screen, the limits, sending the browser to the provider, and the language of the callback.
 */
export interface SocialStep {
  /** Where the browser goes next. */
  redirectTo: string;
  brand: Brand;
  /** "started", "signed-in", or why not: "expired", "busy", "account-not-found", a provider problem… */
  outcome: string;
  detail?: string;
  /** Who signed in, when the outcome is "signed-in". */
  signedIn?: SignedIn;
}

/**
 * The callback as the customer saw the sign-in: in the language the login page named (its `lang`
 * or `ui_locales`, kept with the attempt), which the provider's redirect back does not carry.
 */
export function inLanguageOfPage(caller: Caller, query: string): Caller {
  // The switcher's cookie rides along with the callback and keeps its rank (above a ReturnUrl's ui_locales).
  const named = statedLanguage({ ...addressLanguageHints(`?${query}`), chosen: caller.languageChosen ? caller.language : null });
  return named ? { ...caller, language: named, languageStated: true, languageChosen: true } : caller;
}

/** A query string that grew beyond any sign-in page's is dropped rather than stored. */
export function keptQuery(query: string): string {
  return query.length > 2048 ? "" : query;
}

/**
 * The brand's social sign-in screen naming a problem and the provider it is about, with the login
 * page's query for the way back. Google is the screen's default and is not named, so its
 * addresses are the ones the specification's Google screens always had.
 */
function problemStep(
  provider: string | undefined,
  brand: Brand,
  query: string,
  why: SocialSignInProblem,
  outcome: string = why,
  detail?: string,
): SocialStep {
  const params = new URLSearchParams(query);
  params.set(SOCIAL_SIGN_IN_PROBLEM_PARAMETER, why);
  if (provider) params.set(SOCIAL_SIGN_IN_PROVIDER_PARAMETER, provider);
  return { redirectTo: `${brand.paths.socialSignIn}?${params.toString()}`, brand, outcome, ...(detail === undefined ? {} : { detail }) };
}

/** problemStep of one provider (undefined for Google, the screen's default). */
export function problemsOf(provider: string | undefined) {
  return (brand: Brand, query: string, why: SocialSignInProblem, outcome: string = why, detail?: string): SocialStep =>
    problemStep(provider, brand, query, why, outcome, detail);
}

/** Counts the attempt; too many from one address is a problem screen like the others. */
export async function withinSocialLimit(
  db: Db,
  config: Config,
  caller: Caller,
  bucket: "socialSignInStartPerIp" | "socialSignInReturnPerIp",
): Promise<boolean> {
  try {
    await enforceLimits(db, config, [[bucket, caller.address]], "sign-in attempts");
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
    throw error;
  }
}

/**
 * The start of a social sign-in: counted against the address's limit, then the browser is sent to
 * the provider with PKCE, state and nonce, the attempt kept with the login page's query (its
 * ReturnUrl checked) and its verifier in the provider's own cookie for the callback.
 */
export async function sendToProvider<Identity>(
  db: Db,
  config: Config,
  caller: Caller,
  {
    signIn,
    provider,
    cookie,
    brand,
    query,
  }: {
    signIn: OpenIdSignIn<Identity>;
    provider: { name: string; shown: string | undefined };
    cookie: "googleSignIn" | "microsoftSignIn";
    brand: Brand;
    query: string;
  },
): Promise<SocialStep> {
  const problem = problemsOf(provider.shown);
  if (!(await withinSocialLimit(db, config, caller, "socialSignInStartPerIp"))) return problem(brand, query, "busy", "rate-limited");
  const checks = newSignInChecks();
  let authorizationUrl: URL;
  try {
    authorizationUrl = await signIn.authorizationUrl(checks);
  } catch (error) {
    if (!(error instanceof SignInProblem)) throw error;
    return problem(brand, query, error.problem, error.problem, error.message);
  }
  await recordAttempt(db, {
    provider: provider.name,
    ...checks,
    brand: brand.id,
    query,
    returnUrl: await allowedReturnUrl(db, config, getParamIgnoringCase(query, "returnurl")),
  });
  setCookie(caller, config, cookie, checks.verifier, ATTEMPT_LIFETIME_MS / 1000);
  return { redirectTo: authorizationUrl.href, brand, outcome: "started" };
}
