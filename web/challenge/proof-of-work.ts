import { solveChallengeWorkers } from "altcha-lib";
import { type ProofOfWorkChallenge, proofOfWorkToken } from "../../common/challenge.ts";

/**
 * Two workers, each trying every other counter: about half the wait on any phone of the last
 * decade, and a share of one core left to the page. One where the browser reports one core.
 */
const WORKERS = 2;

/** Beyond this the check is not going to end in the time a person waits. */
const GIVE_UP_MS = 60_000;

/** The proof for a proof-of-work challenge; null when it was stopped or took too long. */
export async function proveWork(challenge: ProofOfWorkChallenge, signal: AbortSignal): Promise<string | null> {
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort(), { once: true });
  const solution = await solveChallengeWorkers({
    challenge,
    controller,
    concurrency: Math.min(WORKERS, navigator.hardwareConcurrency || 1),
    timeout: GIVE_UP_MS,
    createWorker: () => new Worker(new URL("./pow-worker.ts", import.meta.url), { type: "module" }),
  });
  return solution && !signal.aborted ? proofOfWorkToken(challenge, { counter: solution.counter, derivedKey: solution.derivedKey }) : null;
}
