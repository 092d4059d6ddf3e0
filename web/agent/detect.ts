import { AGENT_VARIANTS, type AgentVariant, agentPorts } from "../../common/agent/ports.ts";

/**
 * Finds the desktop agent (SPEC section 7, "Local agent"): the registration state asked of all five
 * ports at once; the first OK answer wins and the other probes are aborted. Each probe gives up
 * after a timeout, so "no agent" is known in about that long.
 */
export class AgentNotFoundError extends Error {
  readonly status = 500;
  constructor() {
    super("Error getting info from local agent");
  }
}

export interface DetectedAgent {
  variant: AgentVariant;
  port: number;
  /** http://host:port: where its license check and hub live. */
  origin: string;
  /** The registration state it answered (its fields are the agent's own). */
  state: unknown;
}

export interface DetectOptions {
  host: string;
  basePort: number;
  timeoutMs: number;
}

export async function detectAgent(variant: AgentVariant, { host, basePort, timeoutMs }: DetectOptions): Promise<DetectedAgent> {
  const ports = agentPorts(basePort);
  const controllers = ports.map(() => new AbortController());
  const probes = ports.map(async (port, index) => {
    const origin = `http://${host}:${port}`;
    const response = await fetch(`${origin}${AGENT_VARIANTS[variant].regstatePath}`, {
      signal: withTimeout(controllers[index] as AbortController, timeoutMs),
      cache: "no-store",
    });
    if (!response.ok) throw new Error(`port ${port} answered ${response.status}`);
    return { index, agent: { variant, port, origin, state: await response.json() } };
  });
  try {
    const winner = await Promise.any(probes);
    // The others stop; the winner's is finished already, and aborting it ends its timer.
    for (const controller of controllers) controller.abort();
    return winner.agent;
  } catch {
    throw new AgentNotFoundError();
  }
}

/**
 * The probe's own abort signal, also fired after timeoutMs. (AbortSignal.any would do, but Safari
 * before 17.4 and Firefox before 124 lack it.)
 */
function withTimeout(controller: AbortController, timeoutMs: number): AbortSignal {
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  controller.signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  return controller.signal;
}
