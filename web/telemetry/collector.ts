import { type BrowserEvent, MAX_EVENTS_PER_BATCH, type VitalName } from "../../common/telemetry.ts";

/** Events wait at most this long for company before they are sent. */
const BATCH_DELAY_MS = 5000;

/** Observes one kind of performance entry, those recorded before the collector loaded included. */
function observe<T extends PerformanceEntry>(type: string, take: (entries: T[]) => void, options: object = {}): void {
  try {
    new PerformanceObserver((list) => take(list.getEntries() as T[])).observe({ type, buffered: true, ...options });
  } catch {
    // A browser without this entry type reports no such vital.
  }
}

/**
 * Loaded after the page is interactive (queue.ts): measures the web vitals of the page load with
 * the browser's own observers, by web.dev's definitions (decision 39), and sends everything in
 * batches, at once when the tab is hidden. Answers the function that takes every later event.
 *
 * FCP, TTFB and FID are final when seen. CLS (the largest burst of shifts, a burst ending after a
 * second without one or after five), LCP (the last candidate) and INP (the slowest interaction,
 * ignoring one in fifty) change while the visitor stays, so they are sent whenever the tab is
 * hidden, each time they changed. `send` delivers a batch (queue.ts hands its own in, so this
 * module imports nothing of the one that loads it).
 */
export function startCollector(
  early: BrowserEvent[],
  landing: string,
  send: (events: BrowserEvent[]) => void,
): (event: BrowserEvent) => void {
  const queue = [...early];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    send(queue.splice(0));
  };
  const push = (event: BrowserEvent) => {
    queue.push(event);
    if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
    else timer ??= setTimeout(flush, BATCH_DELAY_MS);
  };
  // The vitals belong to the page load, so to the screen the visitor landed on.
  const vital = (name: VitalName, value: number) => push({ kind: "vital", name, value: Math.max(value, 0), path: landing, at: Date.now() });

  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (navigation) vital("TTFB", navigation.responseStart);
  observe("paint", (entries) => {
    for (const entry of entries) if (entry.name === "first-contentful-paint") vital("FCP", entry.startTime);
  });
  let firstInput = false;
  observe<PerformanceEventTiming>("first-input", ([entry]) => {
    if (!entry || firstInput) return;
    firstInput = true;
    vital("FID", entry.processingStart - entry.startTime);
  });

  let lcp: number | undefined;
  observe("largest-contentful-paint", (entries) => {
    lcp = entries.at(-1)?.startTime ?? lcp;
  });
  let cls = 0;
  let burst = 0;
  let burstStart = 0;
  let lastShift = 0;
  observe<PerformanceEntry & { value: number; hadRecentInput: boolean }>("layout-shift", (entries) => {
    for (const shift of entries) {
      if (shift.hadRecentInput) continue;
      const joins = burst > 0 && shift.startTime - lastShift < 1000 && shift.startTime - burstStart < 5000;
      burst = joins ? burst + shift.value : shift.value;
      if (!joins) burstStart = shift.startTime;
      lastShift = shift.startTime;
      cls = Math.max(cls, burst);
    }
  });
  const interactions = new Map<number, number>();
  observe<PerformanceEventTiming>(
    "event",
    (entries) => {
      for (const entry of entries)
        if (entry.interactionId)
          interactions.set(entry.interactionId, Math.max(entry.duration, interactions.get(entry.interactionId) ?? 0));
    },
    { durationThreshold: 40 },
  );

  const sent: Partial<Record<VitalName, number>> = {};
  const sendChanged = (name: VitalName, value: number | undefined) => {
    if (value === undefined || sent[name] === value) return;
    sent[name] = value;
    vital(name, value);
  };
  const hidden = () => {
    const slowest = [...interactions.values()].sort((a, b) => b - a);
    sendChanged("INP", slowest[Math.min(Math.floor(slowest.length / 50), 9)]);
    sendChanged("LCP", lcp);
    sendChanged("CLS", cls);
    flush();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") hidden();
  });
  addEventListener("pagehide", hidden);
  if (queue.length > 0) timer = setTimeout(flush, BATCH_DELAY_MS);
  return push;
}
