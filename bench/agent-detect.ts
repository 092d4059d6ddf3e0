import { startAgentSimulator } from "../agent-sim/simulator.ts";
import { agentPorts } from "../common/agent/ports.ts";
import { freePort } from "../test/support/spawn-server.ts";
import { AgentNotFoundError, detectAgent } from "../web/agent/detect.ts";

/**
 * How long the web app's detection takes (web/agent/detect.ts, run here in Node with the same
 * fetch): to find an agent that is present (on the third of five ports), and to conclude that
 * none is (nothing listens: the probes are refused at once; the timeout bounds a port that hangs).
 */
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 30);
const TIMEOUT_MS = 2_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function measureAgentDetection(): Promise<{ presentMs: number; absentMs: number; runs: number }> {
  const base = (await freePort()) - 2;
  const sim = await startAgentSimulator({ dsoneBasePort: base, maverickBasePort: (await freePort()) - 2, portIndex: 2, host: "127.0.0.1" });
  const present: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const agent = await detectAgent("dsone", { host: "127.0.0.1", basePort: base, timeoutMs: TIMEOUT_MS });
      present.push(performance.now() - started);
      if (agent.port !== base + 2) throw new Error(`found the agent on ${agent.port}, expected ${base + 2}`);
    }
  } finally {
    await sim.close();
  }
  const absent: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const outcome = await detectAgent("dsone", { host: "127.0.0.1", basePort: base, timeoutMs: TIMEOUT_MS }).catch(
      (error: unknown) => error,
    );
    absent.push(performance.now() - started);
    if (!(outcome instanceof AgentNotFoundError)) throw new Error(`expected no agent on ${agentPorts(base).join(", ")}`);
  }
  return { presentMs: median(present), absentMs: median(absent), runs: RUNS };
}

if (import.meta.main) {
  const { presentMs, absentMs, runs } = await measureAgentDetection();
  console.log(
    `agent detection (median of ${runs}): present ${presentMs.toFixed(1)} ms, none ${absentMs.toFixed(1)} ms (probe timeout ${TIMEOUT_MS} ms)`,
  );
}
