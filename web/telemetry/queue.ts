import { redactUrl } from "../../common/redact.ts";
import {
  type BrowserEvent,
  type ErrorSource,
  MAX_ERROR_TEXT,
  MAX_EVENTS_PER_BATCH,
  redactUrlsIn,
  TELEMETRY_ENDPOINT,
} from "../../common/telemetry.ts";

/**
 * The part of the telemetry that ships with every screen, kept small: it records events into a
 * queue from the first moment (errors, page views) and, once the page is loaded and idle, loads
 * the collector (collector.ts: web vitals, batching) as a chunk of its own. The sign-in funnel's
 * steps are recorded by the server (decision 39).
 */
const early: BrowserEvent[] = [];
let deliver: ((event: BrowserEvent) => void) | undefined;
/** Keeps a batch within the server's body limit (16 KB) with room to spare. */
const MAX_BATCH_CHARS = 12_000;

function record(event: BrowserEvent): void {
  if (deliver) deliver(event);
  else if (early.length < 100) early.push(event);
}

/** The tab's anonymous id: random, kept in sessionStorage, so it ends with the tab. */
function tabId(): string {
  const key = "telemetry-tab";
  try {
    let id = sessionStorage.getItem(key);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
      sessionStorage.setItem(key, id);
    }
    return id;
  } catch {
    return "no-session-storage";
  }
}

/** Sends events in batches by beacon (it survives leaving the page), or fetch keepalive. */
function send(events: BrowserEvent[]): void {
  let batch: BrowserEvent[] = [];
  let size = 0;
  const post = () => {
    if (batch.length === 0) return;
    const body = JSON.stringify({ session: tabId(), events: batch });
    batch = [];
    size = 0;
    if (!navigator.sendBeacon?.(TELEMETRY_ENDPOINT, new Blob([body], { type: "application/json" }))) {
      fetch(TELEMETRY_ENDPOINT, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
    }
  };
  for (const event of events) {
    const length = JSON.stringify(event).length;
    if (batch.length === MAX_EVENTS_PER_BATCH || size + length > MAX_BATCH_CHARS) post();
    batch.push(event);
    size += length;
  }
  post();
}

/** An error report: the message and stack cut to size, every URL in them redacted. */
export function reportError(source: ErrorSource, error: unknown, componentStack?: string): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? `${error.stack ?? ""}${componentStack ?? ""}` : componentStack;
  record({
    kind: "error",
    source,
    message: redactUrlsIn(message).slice(0, MAX_ERROR_TEXT),
    ...(stack ? { stack: redactUrlsIn(stack).slice(0, MAX_ERROR_TEXT) } : {}),
    path: location.pathname,
    at: Date.now(),
  });
}

/** A page view: the path and every query parameter, secrets' values replaced before they leave. */
export function recordPageView(pathname: string, search: string): void {
  const query = Object.fromEntries(new URLSearchParams(redactUrl(`${pathname}${search}`).split("?")[1] ?? ""));
  record({ kind: "page_view", path: pathname, query, at: Date.now() });
}

export function startTelemetry(): void {
  addEventListener("error", (event) => reportError("error", event.error ?? event.message));
  addEventListener("unhandledrejection", (event) => reportError("unhandledrejection", event.reason));
  // Left before the collector came: what was recorded still goes.
  addEventListener("pagehide", () => {
    if (!deliver) send(early.splice(0));
  });
  const landing = location.pathname;
  const load = () => {
    import("./collector.ts").then(
      ({ startCollector }) => {
        deliver = startCollector(early.splice(0), landing, send);
      },
      () => {},
    );
  };
  // Safari has no requestIdleCallback.
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 200));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
