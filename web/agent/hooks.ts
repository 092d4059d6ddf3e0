import { useCallback, useState, useSyncExternalStore } from "react";
import type { Brand } from "../../common/brands/index.ts";
import { config } from "../platform/config.ts";
import { type DetectedAgent, detectAgent } from "./detect.ts";
import type { AgentHub, HubState } from "./hub.ts";

/** The thin React side of web/agent: the hub's connection state, and detection on demand. */
export function useHubState(hub: AgentHub | undefined): HubState {
  return useSyncExternalStore(
    useCallback((listener: () => void) => hub?.onState(listener) ?? (() => {}), [hub]),
    () => hub?.state ?? "Disconnected",
    () => "Disconnected",
  );
}

/** Detection of a brand's agent with the addresses this server was configured with; timeoutMs overrides the configured one. */
export function findAgent({ agent }: Brand, timeoutMs?: number): Promise<DetectedAgent> {
  return detectAgent(agent.variant, {
    host: config.agent.host,
    basePort: config.agent[`${agent.variant}BasePort`],
    timeoutMs: timeoutMs ?? config.agent.probeTimeoutMs,
  });
}

export type Detection =
  | { status: "idle" }
  | { status: "looking" }
  | { status: "found"; agent: DetectedAgent }
  | { status: "failed"; message: string };

export function useAgentDetection(brand: Brand): { detection: Detection; detect: () => Promise<DetectedAgent | undefined> } {
  const [detection, setDetection] = useState<Detection>({ status: "idle" });
  const detect = useCallback(async () => {
    setDetection({ status: "looking" });
    try {
      const agent = await findAgent(brand);
      setDetection({ status: "found", agent });
      return agent;
    } catch (error) {
      setDetection({ status: "failed", message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }, [brand]);
  return { detection, detect };
}
