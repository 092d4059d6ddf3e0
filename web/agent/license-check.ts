import { AGENT_VARIANTS } from "../../common/agent/ports.ts";
import type { Brand } from "../../common/brands/index.ts";
import { preferredBrowser } from "../platform/browser.ts";
import type { DetectedAgent } from "./detect.ts";

/**
 * What a brand's agent is asked (and the account server's auto-login is sent): the device's UUID,
 * and for an agent that opens a browser, which one and that its window should show.
 */
export function licenseCheckBody(brand: Brand, uuid: string): LicenseCheckBody {
  if (!brand.agent.opensBrowser) return { UUID: uuid };
  return { UUID: uuid, PreferredBrowser: preferredBrowser(navigator.userAgent), ShowUI: true };
}

export type LicenseCheckBody = { UUID: string } | { UUID: string; PreferredBrowser: ReturnType<typeof preferredBrowser>; ShowUI: true };

/**
 * Asks the agent to check the license and open its window: {UUID} for DS One; {UUID,
 * PreferredBrowser, ShowUI} for Maverick Safe (SPEC sections 3 and 7).
 */
export async function sendLicenseCheck(agent: DetectedAgent, body: LicenseCheckBody, timeoutMs: number): Promise<void> {
  const response = await fetch(`${agent.origin}${AGENT_VARIANTS[agent.variant].licenseCheckPath}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the agent answered ${response.status}`);
}
