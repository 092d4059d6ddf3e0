import type { FastifyRequest } from "fastify";
import type { ChallengeOutcome } from "../../common/challenge.ts";
import { screenOfCall } from "./sign-in-steps.ts";
import { storeServerEvent, type TelemetrySinks } from "./store.ts";

/**
 * What became of the human check a request met (decision 93), noted by the flow through its
 * Caller and read when the answer goes (http-metrics.ts): the operations figures and the metrics
 * count challenges shown, solved, failed, and refused for a provider that did not answer.
 */
const outcomes = new WeakMap<FastifyRequest, ChallengeOutcome[]>();

export function noteChallenge(request: FastifyRequest, outcome: ChallengeOutcome): void {
  outcomes.set(request, [...(outcomes.get(request) ?? []), outcome]);
}

function challengeOutcomesOf(request: FastifyRequest): readonly ChallengeOutcome[] {
  return outcomes.get(request) ?? [];
}

/**
 * Counts each human check the request met in the metrics, by route, and stores it as a row for
 * the operations page, on the screen that asked. Every row counts against the share of the address
 * that met it: an unsolved challenge costs its sender nothing, so a flood of them from one address
 * must take its share of the window and no more. A failure to store is logged and never reaches
 * the customer: the answer stands.
 */
export async function recordChallenges(sinks: TelemetrySinks, request: FastifyRequest, route: string, publicUrl: string): Promise<void> {
  const met = challengeOutcomesOf(request);
  if (met.length === 0) return;
  const screen = screenOfCall(request, publicUrl);
  for (const outcome of met) sinks.metrics.challenges.inc({ outcome, route });
  try {
    await Promise.all(
      met.map((outcome) => storeServerEvent(sinks, { kind: "challenge", outcome, path: screen, at: Date.now() }, null, request.ip)),
    );
  } catch (error) {
    request.log.error({ err: error }, "could not store a human check's outcome");
  }
}
