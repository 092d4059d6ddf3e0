/**
 * Where the desktop agent listens (SPEC sections 7 and 9): five consecutive ports per variant, the
 * registration state at a fixed path, and a license-check address (paths ours:
 * docs/decisions/0013-desktop-agent.md).
 */
const PORTS_PER_AGENT = 5;

export const AGENT_VARIANTS = {
  dsone: { basePort: 49217, regstatePath: "/regstate", licenseCheckPath: "/sendchecklicense" },
  maverick: { basePort: 51215, regstatePath: "/maverick/regstate", licenseCheckPath: "/maverick/sendchecklicense" },
} as const;

export type AgentVariant = keyof typeof AGENT_VARIANTS;

export function agentPorts(basePort: number): number[] {
  return Array.from({ length: PORTS_PER_AGENT }, (_, index) => basePort + index);
}
