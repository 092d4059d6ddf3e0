import {
  CHALLENGE_FAILED,
  CHALLENGE_REQUIRED,
  CHALLENGE_UNAVAILABLE,
  type ChallengeAsked,
  type ChallengePurpose,
} from "../../../common/challenge.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import { type BucketName, bucketKey, humanCheckOf } from "../../base/rate-limit-buckets.ts";
import { issueProofOfWork, spendProofOfWork } from "../../challenge/proof-of-work.ts";
import { verifyThirdParty } from "../../challenge/third-party.ts";
import type { Db } from "../../db/database.ts";
import type { Caller } from "./caller.ts";
import { type BucketCount, countEachInOrder, type RateLimitResult, refuseOverLimit, settleAttempts } from "./rate-limit.ts";

/**
 * The human check, asked for only under pressure (decision 93). Each limit has a lower challenge
 * threshold (CHALLENGE_THRESHOLD percent of it): below it a customer sees nothing; past it, the
 * next request of that kind is refused with a challenge until it carries a proof, and the
 * challenge grows harder as the count nears the limit. The proof travels with the request it
 * protects and is spent by it, and is checked only when the request needs one (a proof below the
 * thresholds costs nobody a call to a provider). A request refused for want of a proof sends
 * nothing and counts nothing; one refused for a bad proof sends nothing and counts as the attempt
 * it was, so a loop of bad proofs meets the limit like any other.
 */

/**
 * Whether a request carries a proof that holds for a challenge of at least `pressure` (false when
 * it carries none): throws CHALLENGE_FAILED, with a new challenge at that pressure, or
 * CHALLENGE_UNAVAILABLE when it does not. A proof of work names the difficulty it was made at, so
 * an easy one, asked for early, does not pass where the pressure has grown since.
 */
async function checkProof(
  db: Db,
  config: Config,
  caller: Caller,
  purpose: ChallengePurpose,
  pressure: number,
  proof = caller.challengeProof,
): Promise<boolean> {
  const settings = config.challenge;
  if (proof === undefined || proof === "" || settings.provider === "off") return false;
  if (settings.provider === "pow") {
    if (await spendProofOfWork(db, settings, proof, purpose, difficultyAt(config, pressure))) return solved(caller);
  } else if (settings.thirdParty) {
    const verdict = await verifyThirdParty(settings.thirdParty, proof, caller.address);
    if (verdict === "passed") return solved(caller);
    if (verdict === "unavailable") {
      caller.challenged("unavailable");
      throw new AppError(CHALLENGE_UNAVAILABLE);
    }
  }
  caller.challenged("failed");
  throw new AppError(CHALLENGE_FAILED, undefined, {}, { challenge: await challengeFor(config, purpose, pressure) });
}

/**
 * reCAPTCHA v3, where it is the provider, runs on every request for a link, as the specification
 * has it (SPEC section 4: "Login failed" when it fails): true when it passed, false for any other
 * provider (which is asked for only under pressure).
 */
export async function checkedOnEveryLinkRequest(config: Config, caller: Caller, token: string | undefined): Promise<boolean> {
  const captcha = config.challenge.thirdParty;
  if (captcha?.provider !== "recaptcha") return false;
  const verdict = token ? await verifyThirdParty(captcha, token, caller.address) : "failed";
  if (verdict !== "passed") throw new AppError("CAPTCHA_FAILED");
  // Not counted among the checks shown and solved: it is the form's own step, not one asked for.
  return true;
}

function solved(caller: Caller): true {
  caller.challenged("solved");
  return true;
}

/**
 * Counts the request in its buckets as enforceLimits does (429 past a limit), and past a bucket's
 * challenge threshold asks for a proof unless the request carries one that holds.
 */
export async function enforceLimitsUnderChallenge(
  db: Db,
  config: Config,
  caller: Caller,
  counts: readonly BucketCount[],
  what: string,
  purpose: ChallengePurpose,
  /** Whether the request was already proven (reCAPTCHA on a link request); else its header is checked. */
  alreadyProven?: boolean,
): Promise<void> {
  // A bucket not declared to ask would never ask: a gated call must declare every bucket it counts in.
  const undeclared = counts.find(([bucket]) => !humanCheckOf(bucket));
  if (undeclared) throw new Error(`${undeclared[0]}: declare its humanCheck in rate-limit-buckets.ts to count it under the challenge`);
  const verdicts = await countEachInOrder(db, config, counts);
  refuseOverLimit(verdicts, what);
  if (alreadyProven) return;
  const pressure = pressureOf(config, counts, verdicts);
  if (pressure !== undefined) await requireProof(db, config, caller, purpose, pressure, counts.slice(0, verdicts.length));
}

/**
 * Lets a request under `pressure` through only with a proof that holds. Without one, the attempt
 * counted in `counted` is taken back and the request is refused with a challenge; when the
 * provider could not be asked, it is taken back too (the customer did nothing wrong); a bad proof
 * keeps its count. `proof` is the request's header unless the caller names another.
 */
export async function requireProof(
  db: Db,
  config: Config,
  caller: Caller,
  purpose: ChallengePurpose,
  pressure: number,
  counted: readonly BucketCount[],
  proof = caller.challengeProof,
): Promise<void> {
  const takeBack = () =>
    settleAttempts(
      db,
      counted.map(([bucket, ...parts]) => ["uncount", bucketKey(bucket, ...parts)] as const),
    );
  let proven: boolean;
  try {
    proven = await checkProof(db, config, caller, purpose, pressure, proof);
  } catch (error) {
    if (error instanceof AppError && error.code === CHALLENGE_UNAVAILABLE) await takeBack();
    throw error;
  }
  if (proven) return;
  // Refused for want of a proof: the attempt is taken back, so asking changes nothing.
  await takeBack();
  throw await challengeRequired(config, caller, purpose, pressure);
}

/**
 * How far past its challenge threshold the most pressed bucket is, from just past it (0) to at its
 * limit (1); undefined when none is past it, or no provider is chosen. Only buckets declared to ask
 * for a check (humanCheck in rate-limit-buckets.ts) count: the declaration is what support reads too.
 */
export function pressureOf(config: Config, counts: readonly BucketCount[], verdicts: readonly RateLimitResult[]): number | undefined {
  if (config.challenge.provider === "off") return undefined;
  let pressure: number | undefined;
  for (const [index, verdict] of verdicts.entries()) {
    const bucket = counts[index]?.[0];
    if (!bucket || !humanCheckOf(bucket)) continue;
    const limit = config.rateLimits.limits[bucket];
    const threshold = challengeThreshold(config, limit);
    if (verdict.count <= threshold) continue;
    const over = limit > threshold + 1 ? (verdict.count - threshold - 1) / (limit - threshold - 1) : 1;
    pressure = Math.max(pressure ?? 0, Math.min(1, over));
  }
  return pressure;
}

/**
 * Whether a counter standing at `count` has the next request it counts asked for a human check: that
 * request would be past the bucket's challenge threshold, and short of its limit (or past it too at
 * a password's step-up point), with a provider chosen. What support tells a customer who wonders
 * why they are asked; clearing the counter lifts it.
 */
export function asksForHumanCheck(config: Config, bucket: BucketName, count: number): boolean {
  const checked = humanCheckOf(bucket);
  if (!checked || config.challenge.provider === "off") return false;
  const limit = config.rateLimits.limits[bucket];
  return count >= challengeThreshold(config, limit) && (count < limit || checked === "past-limit-too");
}

/** The count past which a bucket of this limit asks for a proof: CHALLENGE_THRESHOLD percent of it, at least one free request. */
function challengeThreshold(config: Config, limit: number): number {
  return Math.max(1, Math.floor((limit * config.challenge.thresholdPercent) / 100));
}

/** The refusal that asks for a proof, with the challenge to prove it by. */
async function challengeRequired(config: Config, caller: Caller, purpose: ChallengePurpose, pressure: number): Promise<AppError> {
  caller.challenged("shown");
  return new AppError(CHALLENGE_REQUIRED, undefined, {}, { challenge: await challengeFor(config, purpose, pressure) });
}

/**
 * What the browser is to prove, at a difficulty that rises with the pressure: from
 * CHALLENGE_DIFFICULTY just past the threshold to CHALLENGE_MAX_DIFFICULTY at the limit, growing
 * by the same factor with each step, so a bot's cost climbs steeply while a customer's stays near a
 * second.
 */
function difficultyAt(config: Config, pressure: number): number {
  const { difficulty, maxDifficulty } = config.challenge;
  return Math.round(difficulty * (maxDifficulty / difficulty) ** pressure);
}

async function challengeFor(config: Config, purpose: ChallengePurpose, pressure: number): Promise<ChallengeAsked> {
  const settings = config.challenge;
  if (settings.provider === "pow")
    return { provider: "pow", challenge: await issueProofOfWork(settings, purpose, difficultyAt(config, pressure)) };
  const thirdParty = settings.thirdParty;
  if (!thirdParty) throw new Error("a challenge was asked for with no provider chosen");
  return { provider: thirdParty.provider, siteKey: thirdParty.siteKey, scriptUrl: thirdParty.scriptUrl };
}
