import { brandById } from "../../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../../common/query.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { isDisabled } from "../kernel/account-status.ts";
import { isExistingDesktopUser } from "../kernel/accounts.ts";
import { type Caller, clearCookie, readCookie } from "../kernel/caller.ts";
import { desktopSignInFor } from "../kernel/desktop-sign-in.ts";
import { PASSKEY_CAPABLE_PARAMETER, throughPasskeyOffer } from "../kernel/passkey-offer.ts";
import { requireRecentSignIn } from "../kernel/recent-sign-in.ts";
import { continueTo } from "../kernel/return-url.ts";
import { currentAccount, readSessionId, startSession } from "../kernel/sessions.ts";
import { accountForIdentity, attemptContext, linkIdentity, spendAttempt } from "../social/external-logins.ts";
import { type OpenIdSignIn, SignInProblem } from "../social/openid-sign-in.ts";
import { inLanguageOfPage, keptQuery, problemsOf, type SocialStep, sendToProvider, withinSocialLimit } from "../social/social-sign-in.ts";
import type { MicrosoftIdentity } from "./microsoft-identity.ts";

/**
 * Continue with Microsoft (docs/decisions/0090-continue-with-microsoft.md), from the button to the
 * session, as Google's: start sends the customer to Microsoft with PKCE, state and nonce bound to
 * this browser; finish checks what Microsoft sends back and signs the account of that identity in.
 *
 * An identity is found by its subject. The first time, it is linked to the account with its address
 * only when Microsoft vouches for the address (microsoft-identity.ts), or when this browser is
 * already signed in to that account, recently (the customer proved the address by our own means);
 * otherwise the customer is asked to sign in by email first, and nothing is linked.
 */

/** The provider name the button sends, and ours in the database. */
export const MICROSOFT = { name: "microsoft", parameter: "microsoft" } as const;

const problem = problemsOf(MICROSOFT.name);

/** GET /external/login/microsoft?product=…&…: the login page's query is kept with the attempt. */
export async function startMicrosoftSignIn(
  db: Db,
  config: Config,
  microsoft: OpenIdSignIn<MicrosoftIdentity> | undefined,
  caller: Caller,
  search: string,
): Promise<SocialStep> {
  const params = new URLSearchParams(search);
  const brand = brandById(params.get("product"));
  params.delete("provider");
  params.delete("product");
  const query = keptQuery(params.toString());
  if (!microsoft) return problem(brand, query, "unavailable", "unavailable", "provider not offered");
  return sendToProvider(db, config, caller, {
    signIn: microsoft,
    provider: { name: MICROSOFT.name, shown: MICROSOFT.name },
    cookie: "microsoftSignIn",
    brand,
    query,
  });
}

/** Whether this browser is signed in to the account, recently enough to add a way in (decision 65). */
async function signedInRecentlyAs(db: Db, config: Config, caller: Caller, accountId: string): Promise<boolean> {
  const sessionId = readSessionId(caller, config);
  const current = await currentAccount(db, config, caller);
  if (!sessionId || current?.accountId !== accountId) return false;
  try {
    await requireRecentSignIn(db, { accountId, sessionId });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "RECENT_SIGN_IN_REQUIRED") return false;
    throw error;
  }
}

/** GET /signin-microsoft: where Microsoft sends the customer back. */
export async function finishMicrosoftSignIn(
  db: Db,
  config: Config,
  microsoft: OpenIdSignIn<MicrosoftIdentity> | undefined,
  caller: Caller,
  callbackUrl: URL,
): Promise<SocialStep> {
  const state = callbackUrl.searchParams.get("state") ?? undefined;
  const verifier = readCookie(caller, config, "microsoftSignIn");
  // One attempt, one callback: the cookie goes whatever happens next.
  clearCookie(caller, config, "microsoftSignIn");

  if (!(await withinSocialLimit(db, config, caller, "socialSignInReturnPerIp"))) {
    const context = await attemptContext(db, state, verifier);
    return problem(brandById(context?.brand), context?.query ?? "", "busy", "rate-limited");
  }
  const attempt = state && verifier && microsoft ? await spendAttempt(db, state, verifier) : undefined;
  if (!attempt || attempt.provider !== MICROSOFT.name || !state || !verifier || !microsoft) {
    // Unknown or altered state, already used, expired, started in another browser or for another provider.
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

  let identity: MicrosoftIdentity;
  try {
    identity = await microsoft.finish(callbackUrl, { state, nonce: attempt.nonce, verifier });
  } catch (error) {
    if (!(error instanceof SignInProblem)) throw error;
    return problem(brand, attempt.query, error.problem, error.problem, error.message);
  }

  const externalIdentity = {
    provider: MICROSOFT.name,
    subject: identity.subject,
    email: identity.email,
    tenantId: identity.tenantId,
    objectId: identity.objectId,
  };
  const match = await accountForIdentity(db, externalIdentity);
  if (match.kind === "no-account") {
    // The access-link flow's outcome: the brand's login says "Account Not Found" with the email.
    const params = new URLSearchParams(attempt.query);
    params.set("failedEmail", identity.email);
    return { redirectTo: `${brand.paths.emailLogin}?${params.toString()}`, brand, outcome: "account-not-found" };
  }
  if (match.kind === "same-email" && !identity.vouched && !(await signedInRecentlyAs(db, config, caller, match.accountId))) {
    // Never linked by an address Microsoft does not vouch for: the customer proves it by email first.
    return problem(brand, attempt.query, "unconfirmed", "unconfirmed", `tenant ${identity.tenantId} without xms_edov`);
  }
  if (await isExistingDesktopUser(db, match.accountId)) {
    // The desktop sign-in, carrying the ReturnUrl, as the access-link flow sends it.
    const desktopSignIn = desktopSignInFor(config, attempt.returnUrl ?? undefined);
    if (desktopSignIn)
      return { redirectTo: `${desktopSignIn}${encodeURIComponent(identity.email)}`, brand, outcome: "existing-desktop-user" };
  }
  if (await isDisabled(db, match.accountId)) return problem(brand, attempt.query, "disabled");
  if (match.kind === "same-email") await linkIdentity(db, externalIdentity, match.accountId, { caller });
  const signedIn = await startSession(db, config, inLanguageOfPage(caller, attempt.query), match.accountId, {
    method: "microsoft",
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
