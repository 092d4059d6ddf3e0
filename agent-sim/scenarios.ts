export interface ScenarioResult {
  result?: unknown;
  /** An agent error code: the invocation fails with it. */
  error?: string;
  /** Events sent after the answer, one per step. */
  events?: Record<string, unknown>[];
}

const SCANS = ["hardware", "systemOptimization", "software", "network", "fileCleanup", "plugAndPlay"];

/**
 * What the simulated agent does for each catalogue message (common/agent/catalogue.ts names them):
 * a full scan with progress events; a driver download that retries then completes, or, asked with
 * `outcome: "error"` or `"cancelled"`, ends so; a driver install with its events (update,
 * verifying, verified; `force: true` ends in force complete), refused with
 * INSTALL_ALREADY_IN_PROGRESS when it names no driver; a remote uninstall status; and plain
 * answers for the rest. Every event of SPEC section 4's "Agent events" can so be had.
 */
export function runScenario(messageType: string, payload: unknown, agentInfo: Record<string, unknown>): ScenarioResult {
  switch (messageType) {
    case "GET_AGENT_INFO":
      return { result: agentInfo };
    case "START_ALL_SCANS":
      return {
        result: { accepted: true, scans: SCANS },
        events: [
          { kind: "scan", status: "started", scans: SCANS },
          ...[20, 40, 60, 80].map((percent) => ({ kind: "scan", status: "progress", percent })),
          { kind: "scan", status: "updated", found: { drivers: 3, cleanupMegabytes: 412 } },
          { kind: "scan", status: "complete", percent: 100 },
        ],
      };
    case "DOWNLOAD_DRIVER_REQUEST": {
      const { driverId = "net-intel-8086", outcome } = (payload ?? {}) as { driverId?: string; outcome?: "error" | "cancelled" };
      const started = [
        { kind: "driverDownload", status: "queued", driverId },
        { kind: "driverDownload", status: "starting", driverId },
        { kind: "driverDownload", status: "progress", driverId, percent: 35 },
      ];
      if (outcome === "error")
        return {
          result: { accepted: true, driverId },
          events: [...started, { kind: "driverDownload", status: "error", driverId, reason: "DISK_IS_FULL" }],
        };
      if (outcome === "cancelled")
        return { result: { accepted: true, driverId }, events: [...started, { kind: "driverDownload", status: "cancelled", driverId }] };
      return {
        result: { accepted: true, driverId },
        events: [
          ...started,
          { kind: "driverDownload", status: "retry", driverId, attempt: 2, reason: "connection reset" },
          { kind: "driverDownload", status: "progress", driverId, percent: 70 },
          { kind: "driverDownload", status: "complete", driverId, percent: 100 },
        ],
      };
    }
    case "DRIVER_INSTALL_REQUEST": {
      const { driverId, force } = (payload ?? {}) as { driverId?: string; force?: boolean };
      if (!driverId) return { error: "INSTALL_ALREADY_IN_PROGRESS" };
      const install = (status: string) => ({ kind: "driverInstall", status, driverId });
      return {
        result: { accepted: true, driverId },
        events: force ? [install("update"), install("forceComplete")] : [install("update"), install("verifying"), install("verified")],
      };
    }
    case "DO_REMOTE_UNINSTALL":
      return {
        result: { accepted: true },
        events: [{ kind: "remoteUninstall", status: "Uninstall scheduled; it runs at the next restart." }],
      };
    default:
      return { result: { accepted: true, messageType } };
  }
}
