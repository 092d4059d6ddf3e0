import type { Brand } from "../../../common/brands/index.ts";
import { addressLanguageHints, statedLanguage } from "../../../common/languages.ts";
import {
  SOCIAL_SIGN_IN_PROBLEM_PARAMETER,
  SOCIAL_SIGN_IN_PROVIDER_PARAMETER,
  type SocialSignInProblem,
} from "../../../common/social-sign-in.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import type { Caller } from "../kernel/caller.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import type { SignedIn } from "../kernel/sessions.ts";

/**
 * What every social sign-in's steps share (Microsoft's; Google's keeps its own copy of the same):
 * the answer of a step, the problem screen, the limits, and the language of the callback.
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
 * page's query for the way back.
 */
export function problemStep(
  provider: string,
  brand: Brand,
  query: string,
  why: SocialSignInProblem,
  outcome: string = why,
  detail?: string,
): SocialStep {
  const params = new URLSearchParams(query);
  params.set(SOCIAL_SIGN_IN_PROBLEM_PARAMETER, why);
  params.set(SOCIAL_SIGN_IN_PROVIDER_PARAMETER, provider);
  return { redirectTo: `${brand.paths.socialSignIn}?${params.toString()}`, brand, outcome, ...(detail === undefined ? {} : { detail }) };
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
