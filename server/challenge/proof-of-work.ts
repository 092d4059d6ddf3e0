import { createHash } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "kysely";
import type { ChallengePurpose, ProofOfWorkChallenge } from "../../common/challenge.ts";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import { deleteInBatches, type SweepCost } from "../db/retention.ts";

type Settings = Config["challenge"];

/**
 * Our own human check (decision 93): an ALTCHA proof-of-work challenge (altcha-lib), made and
 * checked here, with no third party and no cookie. The server picks a counter and signs the key it
 * derives; the browser finds that counter by trying each in turn (SHA-256 of salt and counter, in a
 * worker), which costs it about `difficulty` × 3/4 hashes, and the server one hash and two HMACs
 * to make and two HMACs to check. Each challenge names what it is for, expires, and is taken once.
 */
const ALGORITHM = "SHA-256";

/** A challenge of the given difficulty (the largest counter it may hide), for one kind of request. */
export function issueProofOfWork(settings: Settings, purpose: ChallengePurpose, difficulty: number, now = Date.now()) {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    // At least half the range: even a lucky challenge costs a bot real work.
    counter: randomInt(difficulty, Math.ceil(difficulty / 2)),
    deriveKey,
    data: { purpose, difficulty },
    expiresAt: Math.ceil((now + settings.lifetimeMs) / 1000),
    hmacSignatureSecret: settings.secret,
    hmacKeySignatureSecret: keySecret(settings),
  }) as Promise<ProofOfWorkChallenge>;
}

/** The derived keys are signed with a secret of their own, made from the one setting. */
function keySecret(settings: Settings): string {
  return createHash("sha256").update(`derived keys\u0000${settings.secret}`).digest("base64");
}

/** The largest proof this server reads: a challenge and its solution are well under 2 KB. */
const MAX_PROOF_LENGTH = 4096;

/**
 * Whether a proof solves a challenge this server made for `purpose`, at `difficulty` or harder,
 * unexpired, and not answered before: the one insert of its signature is what takes it, so of two
 * requests with one proof, one passes.
 */
export async function spendProofOfWork(
  db: Db,
  settings: Settings,
  proof: string,
  purpose: ChallengePurpose,
  difficulty: number,
): Promise<boolean> {
  const payload = parseProof(proof);
  const data = payload?.challenge.parameters.data;
  if (!payload || data?.purpose !== purpose || !(Number(data.difficulty) >= difficulty)) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: settings.secret,
    hmacKeySignatureSecret: keySecret(settings),
  }).catch(() => ({ verified: false }));
  if (!result.verified) return false;
  const expiresAt = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
  const taken = await db
    .insertInto("spent_challenges")
    .values({
      signature_hash: createHash("sha256")
        .update(payload.challenge.signature ?? "")
        .digest("base64url"),
      expires_at: expiresAt,
    })
    .onConflict((conflict) => conflict.column("signature_hash").doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
}

interface ProofPayload {
  challenge: ProofOfWorkChallenge;
  solution: { counter: number; derivedKey: string };
}

/** The proof's challenge and solution, or undefined for anything not shaped as one. */
function parseProof(proof: string): ProofPayload | undefined {
  if (proof.length === 0 || proof.length > MAX_PROOF_LENGTH) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(proof, "base64").toString("utf8")) as Partial<ProofPayload>;
    const { challenge, solution } = payload;
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object" || challenge.parameters === null)
      return undefined;
    if (typeof challenge.signature !== "string" || typeof solution !== "object" || solution === null) return undefined;
    if (challenge.parameters.algorithm !== ALGORITHM || challenge.parameters.cost !== 1) return undefined;
    return { challenge, solution: { counter: Number(solution.counter), derivedKey: String(solution.derivedKey) } };
  } catch {
    return undefined;
  }
}

/**
 * Housekeeping: challenges a minute past their expiry, which no replay could pass any more, even
 * on an instance whose clock runs a little behind this one's.
 */
export function pruneSpentChallenges(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "spent_challenges", "expires_at", sql`expires_at < ${now - CLOCK_SKEW_MS}`);
}

const CLOCK_SKEW_MS = 60_000;
