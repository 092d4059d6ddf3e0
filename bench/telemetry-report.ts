import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { redactUrl } from "../common/redact.ts";
import { redactUrlsIn } from "../common/telemetry.ts";
import { openDatabase } from "../server/db/database.ts";
import type { TelemetryEventsTable } from "../server/db/schema.ts";
import { operationsReport } from "../server/telemetry/report.ts";
import { errorFingerprint } from "../server/telemetry/store.ts";

/**
 * What one /admin view costs with a month's worth of client errors on SQLite: ROWS error reports
 * of about 2 KB (as many fingerprints as GROUPS), then the operations report, timed, with the
 * longest stall of the event loop and the heap it grew by; and redactUrlsIn on a 4,000-character
 * stack of slashes (the longest a report may carry) against the pattern it replaced.
 */
const ROWS = 100_000;
const GROUPS = 1_000;

/** The pattern redactUrlsIn used before: quadratic on a run of slashes. */
const BACKTRACKING = /https?:\/\/[^\s"'<>]+|\/[^\s"'<>?]*\?[^\s"'<>]+/g;

export async function measureTelemetryReport() {
  const dir = mkdtempSync(join(tmpdir(), "account-bench-report-"));
  const { db } = await openDatabase(`file:${join(dir, "account.db")}`);
  try {
    const now = Date.now();
    const stack = `TypeError: x\n${"    at f (http://localhost:3000/assets/index-abc.js:1:10)\n".repeat(30)}`;
    for (let start = 0; start < ROWS; start += 500) {
      const rows: TelemetryEventsTable[] = Array.from({ length: 500 }, (_, offset) => {
        const message = `Cannot read item ${(start + offset) % GROUPS} of the list`;
        return {
          id: randomUUID(),
          kind: "error",
          name: "error",
          session_id: "tab-0123456789",
          account_id: null,
          brand: "dsone",
          screen: "/dsone/login",
          url: "/dsone/login",
          value: null,
          detail: JSON.stringify({ message, stack, source: null }),
          fingerprint: errorFingerprint("error", message, `web/app/File${(start + offset) % GROUPS}.tsx:1:1`),
          created_at: now - (start + offset),
        };
      });
      await db.insertInto("telemetry_events").values(rows).execute();
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const report = await operationsReport(db, 30, now);
    const reportMs = performance.now() - started;
    // One more turn of the loop, so a stall at the very end is sampled too.
    await new Promise((resolve) => setTimeout(resolve, 20));
    delay.disable();
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

    const slashes = `Error: x\n${"/".repeat(4000)}`;
    const time = (redact: () => string) => {
      const begun = performance.now();
      for (let run = 0; run < 10; run += 1) redact();
      return (performance.now() - begun) / 10;
    };
    return {
      rows: ROWS,
      groups: report.errors.length,
      reportMs,
      longestStallMs: delay.max / 1e6,
      heapGrowthMb,
      redactNowMs: time(() => redactUrlsIn(slashes)),
      redactBeforeMs: time(() => slashes.replace(BACKTRACKING, (url) => redactUrl(url))),
    };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeTelemetryReport(figures: Awaited<ReturnType<typeof measureTelemetryReport>>): string[] {
  return [
    `  the operations report over ${figures.rows.toLocaleString("en")} error reports (SQLite): ${Math.round(figures.reportMs)} ms,` +
      ` longest event-loop stall ${figures.longestStallMs.toFixed(1)} ms, heap grown by ${figures.heapGrowthMb.toFixed(1)} MB` +
      ` (${figures.groups} groups shown)`,
    `  redactUrlsIn on a 4,000-slash stack: ${figures.redactNowMs.toFixed(3)} ms (the earlier pattern: ${figures.redactBeforeMs.toFixed(1)} ms)`,
  ];
}

if (import.meta.main) {
  console.log("Telemetry's cost to the operations page:");
  for (const line of describeTelemetryReport(await measureTelemetryReport())) console.log(line);
}
