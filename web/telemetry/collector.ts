import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { MAX_EVENTS_PER_BATCH, type TelemetryEvent, type VitalName } from "../../common/telemetry.ts";
import { send } from "./queue.ts";

/** Events wait at most this long for company before they are sent. */
const BATCH_DELAY_MS = 5000;

/**
 * Loaded after the page is interactive (queue.ts): measures the web vitals of the page load
 * (web-vitals for CLS, FCP, INP, LCP and TTFB; FID, which web-vitals no longer reports, from the
 * browser's own first-input entry) and sends everything in batches, at once when the tab is hidden.
 * Answers the function that takes every later event.
 */
export function startCollector(early: TelemetryEvent[], landing: string): (event: TelemetryEvent) => void {
  const queue = [...early];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    send(queue.splice(0));
  };
  const push = (event: TelemetryEvent) => {
    queue.push(event);
    if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
    else timer ??= setTimeout(flush, BATCH_DELAY_MS);
  };
  // The vitals belong to the page load, so to the screen the visitor landed on.
  const vital = ({ name, value }: { name: VitalName; value: number }) =>
    push({ kind: "vital", name, value, path: landing, at: Date.now() });
  onCLS(vital);
  onFCP(vital);
  onINP(vital);
  onLCP(vital);
  onTTFB(vital);
  try {
    new PerformanceObserver((list, observer) => {
      const first = list.getEntries()[0] as PerformanceEventTiming | undefined;
      if (!first) return;
      observer.disconnect();
      vital({ name: "FID", value: first.processingStart - first.startTime });
    }).observe({ type: "first-input", buffered: true });
  } catch {
    // A browser without first-input timing reports no FID.
  }
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
  if (queue.length > 0) timer = setTimeout(flush, BATCH_DELAY_MS);
  return push;
}
