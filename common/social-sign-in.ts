/**
 * What the server and the web app agree on about signing in with a social account (SPEC sections 1
 * and 7): the problems a customer can be shown after the round trip, and the screen that shows them.
 */
const SOCIAL_SIGN_IN_PROBLEMS = [
  /** The person cancelled at the provider, or the provider declined (access_denied). */
  "cancelled",
  /** The provider answered with another error. */
  "refused",
  /** The state was unknown, already used, expired, or from another browser. */
  "expired",
  /** The provider has not verified the account's email address. */
  "unverified",
  /** The provider did not answer in time. */
  "unreachable",
  /** The provider's answer could not be verified (ID token checks, token exchange). */
  "failed",
  /** Too many sign-ins from one address in the rate-limit window. */
  "busy",
  /** This provider is not offered here. */
  "unavailable",
  /** Support has disabled the account the provider's login belongs to. */
  "disabled",
  /**
   * The provider did not vouch for the address of an account it would be linked to (a Microsoft
   * work account without a domain-verified email): the customer signs in by email first.
   */
  "unconfirmed",
  /** Google said the Google account was hijacked: Google sign-in is held for the account (decision 91). */
  "held",
] as const;

export type SocialSignInProblem = (typeof SOCIAL_SIGN_IN_PROBLEMS)[number];

export function isSocialSignInProblem(value: unknown): value is SocialSignInProblem {
  return (SOCIAL_SIGN_IN_PROBLEMS as readonly unknown[]).includes(value);
}

/** The query parameter that names the problem on the brand's social sign-in screen. */
export const SOCIAL_SIGN_IN_PROBLEM_PARAMETER = "problem";

/** The query parameter that names the provider the problem is about; without it, Google. */
export const SOCIAL_SIGN_IN_PROVIDER_PARAMETER = "provider";
