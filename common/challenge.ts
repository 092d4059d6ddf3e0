/**
 * The human check a request may be asked for (decision 93): shown only when the limits of the
 * address or the account it names are under pressure, and answered by the request it protects.
 *
 * A request past its challenge threshold, and without a proof, is refused with CHALLENGE_REQUIRED
 * (428) and a `challenge` saying how to prove it; the browser proves it and sends the same request
 * again with the proof in its `challenge-proof` header (CHALLENGE_PROOF_HEADER). A proof that does
 * not hold is refused with CHALLENGE_FAILED (403), with a new challenge; a provider that does not
 * answer, with CHALLENGE_UNAVAILABLE (503): the customer is offered another way in. Nothing is sent
 * for any of the three; the first counts nothing, the others count as the attempts they were.
 */

export const CHALLENGE_PROVIDERS = ["pow", "recaptcha", "turnstile", "hcaptcha", "off"] as const;
export type ChallengeProvider = (typeof CHALLENGE_PROVIDERS)[number];

export const CHALLENGE_REQUIRED = "CHALLENGE_REQUIRED";
export const CHALLENGE_FAILED = "CHALLENGE_FAILED";
export const CHALLENGE_UNAVAILABLE = "CHALLENGE_UNAVAILABLE";

/** What a challenge is for: a proof made for one kind of request is refused by every other. */
const CHALLENGE_PURPOSES = ["access-link", "sign-in-code", "password", "password-reset", "passkey", "email-change"] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/**
 * An ALTCHA proof-of-work challenge (altcha-lib v2's Challenge), as the server signed it: the
 * browser finds the counter whose derived key starts with keyPrefix and answers the challenge and
 * its solution, base64-encoded JSON ({ challenge, solution }), as the proof.
 */
export interface ProofOfWorkChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** How to prove it, as a refused request carries it. */
export type ChallengeAsked =
  | { provider: "pow"; challenge: ProofOfWorkChallenge }
  /** A third party's widget: its script, and the site key it runs under. */
  | { provider: "recaptcha" | "turnstile" | "hcaptcha"; siteKey: string; scriptUrl: string };

/** What became of a human check a request met: the operations figures count each. */
export const CHALLENGE_OUTCOMES = ["shown", "solved", "failed", "unavailable"] as const;
export type ChallengeOutcome = (typeof CHALLENGE_OUTCOMES)[number];

/** The body of a CHALLENGE_REQUIRED or CHALLENGE_FAILED answer. */
export interface ChallengeRefusal {
  code: typeof CHALLENGE_REQUIRED | typeof CHALLENGE_FAILED;
  message: string;
  challenge: ChallengeAsked;
}

/** The proof of a solved proof-of-work challenge, as the request's challenge-proof header carries it. */
export function proofOfWorkToken(challenge: ProofOfWorkChallenge, solution: { counter: number; derivedKey: string }): string {
  return btoa(JSON.stringify({ challenge, solution }));
}

/** The header a request sent again carries its proof in (any request, whatever its body's shape). */
export const CHALLENGE_PROOF_HEADER = "challenge-proof";
