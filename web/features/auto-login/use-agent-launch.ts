import { useCallback, useEffect, useRef, useState } from "react";
import type { Brand } from "../../../common/brands/index.ts";
import { isValidUuid } from "../../../common/uuid.ts";
import type { DetectedAgent } from "../../agent/detect.ts";
import { findAgent } from "../../agent/hooks.ts";
import { licenseCheckBody, sendLicenseCheck } from "../../agent/license-check.ts";
import { localNetworkAccess } from "../../agent/local-network.ts";
import { config } from "../../platform/config.ts";

/**
 * The auto-login screen's work with the desktop agent (SPEC sections 4 and 7): find it, then ask it
 * to check the license and open its window. It waits for the customer's click where the browser
 * would otherwise ask about the local network unexplained.
 */
/** How long probes started by the customer's click may wait behind the permission prompt. */
const PROMPT_WAIT_MS = 60_000;

export type AgentLaunch =
  | { step: "bad-uuid" }
  | { step: "needs-permission" }
  | { step: "looking" }
  | { step: "asked" }
  | { step: "denied" }
  | { step: "not-found" }
  | { step: "check-failed" };

export function useAgentLaunch(brand: Brand, uuid: string | null): { launch: AgentLaunch; findNow: () => void } {
  const valid = uuid !== null && isValidUuid(uuid);
  const [launch, setLaunch] = useState<AgentLaunch>(valid ? { step: "looking" } : { step: "bad-uuid" });
  const started = useRef(false);

  // After a click that may bring up the browser's local-network prompt, the probes wait for the
  // customer's answer (Chrome holds them meanwhile); ports that refuse still answer at once.
  const find = useCallback(
    async (timeoutMs?: number) => {
      if (!uuid) return;
      setLaunch({ step: "looking" });
      let agent: DetectedAgent;
      try {
        agent = await findAgent(brand, timeoutMs);
      } catch {
        // A refused permission and a missing agent look alike from here; ask the browser which.
        setLaunch({ step: (await localNetworkAccess()) === "denied" ? "denied" : "not-found" });
        return;
      }
      try {
        await sendLicenseCheck(agent, licenseCheckBody(brand, uuid), config.agent.probeTimeoutMs * 2);
        setLaunch({ step: "asked" });
      } catch {
        setLaunch({ step: "check-failed" });
      }
    },
    [brand, uuid],
  );

  useEffect(() => {
    if (started.current || !valid) return;
    started.current = true;
    void localNetworkAccess().then((access) => {
      if (access === "prompt") setLaunch({ step: "needs-permission" });
      else if (access === "denied") setLaunch({ step: "denied" });
      else void find();
    });
  }, [valid, find]);

  return { launch, findNow: () => void find(PROMPT_WAIT_MS) };
}
