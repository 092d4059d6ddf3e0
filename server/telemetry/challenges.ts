import type { FastifyRequest } from "fastify";
import type { ChallengeOutcome } from "../../common/challenge.ts";

/**
 * What became of the human check a request met (decision 93), noted by the flow through its
 * Caller and read when the answer goes (http-metrics.ts): the operations figures and the metrics
 * count challenges shown, solved, failed, and refused for a provider that did not answer.
 */
const outcomes = new WeakMap<FastifyRequest, ChallengeOutcome[]>();

export function noteChallenge(request: FastifyRequest, outcome: ChallengeOutcome): void {
  outcomes.set(request, [...(outcomes.get(request) ?? []), outcome]);
}

export function challengeOutcomesOf(request: FastifyRequest): readonly ChallengeOutcome[] {
  return outcomes.get(request) ?? [];
}
