import { solveChallenge } from "altcha-lib";
import { deriveKey as pbkdf2 } from "altcha-lib/algorithms/web/pbkdf2";
import { deriveKey as sha } from "altcha-lib/algorithms/web/sha";
import type { Challenge } from "altcha-lib/types";

/**
 * Solves a share of an ALTCHA proof-of-work challenge off the page's thread, so the dialog's
 * spinner and Cancel stay responsive. It speaks the protocol of altcha-lib's own workers, which
 * solveChallengeWorkers drives: "work" with the counters it is to try (counterStart, then every
 * counterStep-th), "abort"; it answers the solution, null when stopped, or { error }. Only the
 * browser's own WebCrypto algorithms are here: the server asks for SHA-256 (or PBKDF2/SHA-256).
 */
interface Work {
  type: "work" | "abort";
  challenge: Challenge;
  counterStart: number;
  counterStep: number;
  timeout?: number;
}

let controller: AbortController | undefined;

self.onmessage = async ({ data }: MessageEvent<Work>) => {
  if (data.type === "abort") {
    controller?.abort();
    return;
  }
  controller = new AbortController();
  try {
    const solution = await solveChallenge({
      challenge: data.challenge,
      controller,
      counterStart: data.counterStart,
      counterStep: data.counterStep,
      ...(data.timeout ? { timeout: data.timeout } : {}),
      deriveKey: data.challenge.parameters.algorithm.startsWith("PBKDF2/") ? pbkdf2 : sha,
    });
    self.postMessage(solution);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
