import { CHALLENGE_OUTCOMES, type ChallengeOutcome } from "../../../common/challenge.ts";
import type { OperationsReport } from "../../../common/telemetry.ts";
import { type Bar, BarChart } from "./charts.tsx";

const OUTCOMES: Record<ChallengeOutcome, { label: string; tone: NonNullable<Bar["tone"]> }> = {
  shown: { label: "Shown", tone: "neutral" },
  solved: { label: "Solved", tone: "good" },
  failed: { label: "Failed", tone: "poor" },
  unavailable: { label: "Provider did not answer", tone: "warn" },
};

/**
 * The period's human checks (decision 93): a check is asked for only past a limit's challenge
 * threshold, so many shown means many requests under pressure (an attack, or an office behind one
 * address), many failed a bot or a broken widget, and any unavailable a provider that is down.
 */
export function HumanChecks({ challenges }: { challenges: OperationsReport["challenges"] }) {
  const total = CHALLENGE_OUTCOMES.reduce((sum, outcome) => sum + challenges[outcome], 0);
  return (
    <section aria-labelledby="ops-human-checks">
      <h2 id="ops-human-checks">Human checks</h2>
      {total === 0 ? (
        <p>No human check was asked for or answered in this period.</p>
      ) : (
        <BarChart
          label="Human checks"
          bars={CHALLENGE_OUTCOMES.map((outcome) => ({
            label: OUTCOMES[outcome].label,
            value: challenges[outcome],
            text: String(challenges[outcome]),
            tone: OUTCOMES[outcome].tone,
          }))}
        />
      )}
    </section>
  );
}
