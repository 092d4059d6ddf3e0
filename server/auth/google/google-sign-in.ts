import { type Brand, brandById } from "../../../common/brands/index.ts";
import { addressLanguageHints, statedLanguage } from "../../../common/languages.ts";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { SOCIAL_SIGN_IN_PROBLEM_PARAMETER, type SocialSignInProblem } from "../../../common/social-sign-in.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { isDisabled } from "../kernel/account-status.ts";
import { googleSignals, isExistingDesktopUser, setGoogleChangeAsked } from "../kernel/accounts.ts";
import { type Caller, clearCookie, readCookie, setCookie } from "../kernel/caller.ts";
import { desktopSignInFor } from "../kernel/desktop-sign-in.ts";
import { PASSKEY_CAPABLE_PARAMETER, throughPasskeyOffer } from "../kernel/passkey-offer.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { allowedReturnUrl, continueTo } from "../kernel/return-url.ts";
import { type SignedIn, startSession } from "../kernel/sessions.ts";
import {
  ATTEMPT_LIFETIME_MS,
  accountForIdentity,
  attemptContext,
  linkIdentity,
  recordAttempt,
  spendAttempt,
} from "../social/external-logins.ts";
import { newSignInChecks, type OpenIdSignIn, SignInProblem } from "../social/openid-sign-in.ts";

/**
 * Sign in with Google (SPEC sections 1, 2 and 7; decision 40), from the button to the session:
 * start sends the customer to Google with PKCE, state and nonce bound to this browser; finish
 * checks what Google sends back and signs the account of that identity in. Each step answers where
 * the browser goes next and what happened (for the log and the funnel); it never half signs in.
 */

/** The provider name the sign-in buttons send (SPEC section 7, Navigations), and ours in the database. */
export const GOOGLE = { name: "google", parameter: "google" } as const;

export interface GoogleStep {
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
 * or `ui_locales`, kept with the attempt), which Google's redirect back does not carry.
 */
function inLanguageOfPage(caller: Caller, query: string): Caller {
  // The switcher's cookie rides along with the callback and keeps its rank (above a ReturnUrl's ui_locales).
  const named = statedLanguage({ ...addressLanguageHints(`?${query}`), chosen: caller.languageChosen ? caller.language : null });
  return named ? { ...caller, language: named, languageStated: true, languageChosen: true } : caller;
}

/** A query string that grew beyond any sign-in page's is dropped rather than stored. */
function keptQuery(query: string): string {
  return query.length > 2048 ? "" : query;
}

/** The brand's social sign-in screen naming a problem, with the login page's query for the way back. */
function problem(brand: Brand, query: string, why: SocialSignInProblem, outcome: string = why, detail?: string): GoogleStep {
  const params = new URLSearchParams(query);
  params.set(SOCIAL_SIGN_IN_PROBLEM_PARAMETER, why);
  return { redirectTo: `${brand.paths.socialSignIn}?${params.toString()}`, brand, outcome, ...(detail === undefined ? {} : { detail }) };
}

/** Counts the attempt; too many from one address is a problem screen like the others. */
async function withinLimit(db: Db, config: Config, caller: Caller, bucket: "socialSignInStartPerIp" | "socialSignInReturnPerIp") {
  try {
    await enforceLimits(db, config, [[bucket, caller.address]], "sign-in attempts");
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
    throw error;
  }
}

/**
 * Whether Google sign-in is held for the account (decision 91). A Google sign-in that is not held
 * ends Google's request to change credentials that the account page shows: Google let them in.
 */
async function googleSignInHeld(db: Db, accountId: string): Promise<boolean> {
  const row = await googleSignals(db, accountId);
  if (row?.google_held_at != null) return true;
  if (row?.google_change_asked_at != null) await setGoogleChangeAsked(db, accountId, null);
  return false;
}

/**
 * GET /external/login?provider=Google&product=…&…: the login page's query (ReturnUrl, uuid…) is
 * kept with the attempt, so the customer comes back to the same place whatever happens.
 */
export async function startGoogleSignIn(
  db: Db,
  config: Config,
  google: OpenIdSignIn | undefined,
  caller: Caller,
  search: string,
): Promise<GoogleStep> {
  const params = new URLSearchParams(search);
  const brand = brandById(params.get("product"));
  const provider = params.get("provider");
  params.delete("provider");
  params.delete("product");
  const query = keptQuery(params.toString());
  if (provider?.toLowerCase() !== GOOGLE.parameter || !google) {
    return problem(brand, query, "unavailable", "unavailable", `provider ${provider === null ? "missing" : "not offered"}`);
  }
  if (!(await withinLimit(db, config, caller, "socialSignInStartPerIp"))) return problem(brand, query, "busy", "rate-limited");
  const checks = newSignInChecks();
  let authorizationUrl: URL;
  try {
    authorizationUrl = await google.authorizationUrl(checks);
  } catch (error) {
    if (!(error instanceof SignInProblem)) throw error;
    return problem(brand, query, error.problem, error.problem, error.message);
  }
  await recordAttempt(db, {
    provider: GOOGLE.name,
    ...checks,
    brand: brand.id,
    query,
    returnUrl: await allowedReturnUrl(db, config, getParamIgnoringCase(query, "returnurl")),
  });
  setCookie(caller, config, "googleSignIn", checks.verifier, ATTEMPT_LIFETIME_MS / 1000);
  return { redirectTo: authorizationUrl.href, brand, outcome: "started" };
}

/** GET /signin-google: where Google sends the customer back. */
export async function finishGoogleSignIn(
  db: Db,
  config: Config,
  google: OpenIdSignIn | undefined,
  caller: Caller,
  callbackUrl: URL,
): Promise<GoogleStep> {
  const state = callbackUrl.searchParams.get("state") ?? undefined;
  const verifier = readCookie(caller, config, "googleSignIn");
  // One attempt, one callback: the cookie goes whatever happens next.
  clearCookie(caller, config, "googleSignIn");

  if (!(await withinLimit(db, config, caller, "socialSignInReturnPerIp"))) {
    const context = await attemptContext(db, state, verifier);
    return problem(brandById(context?.brand), context?.query ?? "", "busy", "rate-limited");
  }
  const attempt = state && verifier && google ? await spendAttempt(db, state, verifier) : undefined;
  if (!attempt || !state || !verifier || !google) {
    // Unknown or altered state, already used, expired, or started in another browser.
    const context = await attemptContext(db, state, verifier);
    return problem(
      brandById(context?.brand),
      context?.query ?? "",
      "expired",
      "expired",
      verifier ? "no matching unspent attempt" : "no attempt cookie",
    );
  }
  const brand = brandById(attempt.brand);

  let identity: { subject: string; email: string };
  try {
    identity = await google.finish(callbackUrl, { state, nonce: attempt.nonce, verifier });
  } catch (error) {
    if (!(error instanceof SignInProblem)) throw error;
    return problem(brand, attempt.query, error.problem, error.problem, error.message);
  }

  const externalIdentity = { provider: GOOGLE.name, ...identity };
  const match = await accountForIdentity(db, externalIdentity);
  if (match.kind === "no-account") {
    // The access-link flow's outcome: the brand's login says "Account Not Found" with the email.
    const params = new URLSearchParams(attempt.query);
    params.set("failedEmail", identity.email);
    return { redirectTo: `${brand.paths.emailLogin}?${params.toString()}`, brand, outcome: "account-not-found" };
  }
  if (await isExistingDesktopUser(db, match.accountId)) {
    // The desktop sign-in, carrying the ReturnUrl, as the access-link flow sends it; when that
    // is our own password screen and password login is off, Google is the customer's way in.
    const desktopSignIn = desktopSignInFor(config, attempt.returnUrl ?? undefined);
    if (desktopSignIn)
      return { redirectTo: `${desktopSignIn}${encodeURIComponent(identity.email)}`, brand, outcome: "existing-desktop-user" };
  }
  if (await isDisabled(db, match.accountId)) return problem(brand, attempt.query, "disabled");
  // Google said this Google account was hijacked (risc.ts): Google signs nobody in to the account
  // until a password or passkey sign-in, or support, clears the hold.
  if (await googleSignInHeld(db, match.accountId)) return problem(brand, attempt.query, "held");
  if (match.kind === "same-email") await linkIdentity(db, externalIdentity, match.accountId, { caller });
  const signedIn = await startSession(db, config, inLanguageOfPage(caller, attempt.query), match.accountId, {
    method: "google",
    brand: brand.id,
  });
  // The allowlist and the pending authorization are checked again: either may have changed.
  const target = await continueTo(db, config, attempt.returnUrl, config.links[brand.links.ui]);
  // A device that can make a passkey is offered one first (decision 59), as after the other ways in.
  const redirectTo = await throughPasskeyOffer(db, config, caller, {
    accountId: match.accountId,
    offerPath: brand.paths.passkeyOffer,
    capable: getParamIgnoringCase(attempt.query, PASSKEY_CAPABLE_PARAMETER) === "1",
    target,
  });
  return { redirectTo, brand, outcome: "signed-in", detail: match.kind, signedIn };
}
