import { AGENT_VARIANTS } from "../../common/agent/ports.ts";
import type { DetectedAgent } from "./detect.ts";

/**
 * Asks the agent to check the license and open its window: {UUID} for DS One; {UUID,
 * PreferredBrowser, ShowUI} for Maverick Safe (SPEC sections 3 and 7).
 */
export async function sendLicenseCheck(
  agent: DetectedAgent,
  body: { UUID: string; PreferredBrowser?: string; ShowUI?: true },
  timeoutMs: number,
): Promise<void> {
  const response = await fetch(`${agent.origin}${AGENT_VARIANTS[agent.variant].licenseCheckPath}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the agent answered ${response.status}`);
}
