/**
 * What the simulated agent does for each catalogue message (web/agent/catalogue.ts names them):
 * a full scan with progress events, a driver download that retries then completes, an install
 * refused with INSTALL_ALREADY_IN_PROGRESS, a remote uninstall status, and plain answers for the rest.
 */
export type Emit = (event: Record<string, unknown>) => void;

export interface ScenarioResult {
  result?: unknown;
  /** An agent error code: the invocation fails with it. */
  error?: string;
  /** Events sent after the answer, one per step. */
  events?: Record<string, unknown>[];
}

const SCANS = ["hardware", "systemOptimization", "software", "network", "fileCleanup", "plugAndPlay"];

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
      const driverId = (payload as { driverId?: string } | undefined)?.driverId ?? "net-intel-8086";
      return {
        result: { accepted: true, driverId },
        events: [
          { kind: "driverDownload", status: "queued", driverId },
          { kind: "driverDownload", status: "starting", driverId },
          { kind: "driverDownload", status: "progress", driverId, percent: 35 },
          { kind: "driverDownload", status: "retry", driverId, attempt: 2, reason: "connection reset" },
          { kind: "driverDownload", status: "progress", driverId, percent: 70 },
          { kind: "driverDownload", status: "complete", driverId, percent: 100 },
        ],
      };
    }
    case "DRIVER_INSTALL_REQUEST":
      return { error: "INSTALL_ALREADY_IN_PROGRESS" };
    case "DO_REMOTE_UNINSTALL":
      return {
        result: { accepted: true },
        events: [{ kind: "remoteUninstall", status: "Uninstall scheduled; it runs at the next restart." }],
      };
    default:
      return { result: { accepted: true, messageType } };
  }
}
