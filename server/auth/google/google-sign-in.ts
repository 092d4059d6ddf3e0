import { brandById } from "../../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../../common/query.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { isDisabled } from "../kernel/account-status.ts";
import { googleSignals, isExistingDesktopUser, setGoogleChangeAsked } from "../kernel/accounts.ts";
import { type Caller, clearCookie, readCookie } from "../kernel/caller.ts";
import { desktopSignInFor } from "../kernel/desktop-sign-in.ts";
import { PASSKEY_CAPABLE_PARAMETER, throughPasskeyOffer } from "../kernel/passkey-offer.ts";
import { continueTo } from "../kernel/return-url.ts";
import { startSession } from "../kernel/sessions.ts";
import { accountForIdentity, attemptContext, linkIdentity, spendAttempt } from "../social/external-logins.ts";
import { type OpenIdSignIn, SignInProblem } from "../social/openid-sign-in.ts";
import { inLanguageOfPage, keptQuery, problemsOf, type SocialStep, sendToProvider, withinSocialLimit } from "../social/social-sign-in.ts";

/**
 * Sign in with Google (SPEC sections 1, 2 and 7; decision 40), from the button to the session:
 * start sends the customer to Google with PKCE, state and nonce bound to this browser; finish
 * checks what Google sends back and signs the account of that identity in. Each step answers where
 * the browser goes next and what happened (for the log and the funnel); it never half signs in.
 */

/** The provider name the sign-in buttons send (SPEC section 7, Navigations), and ours in the database. */
export const GOOGLE = { name: "google", parameter: "google" } as const;

/** A step of the Google sign-in (social-sign-in.ts). */
export type GoogleStep = SocialStep;

/** The problem screen of a Google sign-in: Google is the screen's default, so it is not named. */
const problem = problemsOf(undefined);

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
  return sendToProvider(db, config, caller, {
    signIn: google,
    provider: { name: GOOGLE.name, shown: undefined },
    cookie: "googleSignIn",
    brand,
    query,
  });
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

  if (!(await withinSocialLimit(db, config, caller, "socialSignInReturnPerIp"))) {
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
