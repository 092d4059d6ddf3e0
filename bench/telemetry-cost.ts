import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";

/**
 * What the browser telemetry costs the login route, measured by building the web app twice in one
 * run: as it is, and with web/telemetry/queue.ts replaced by what the app had before (a page view
 * per screen, redacted, sent by beacon; nothing else). The login route's scripts differ only in the
 * entry chunk and the collector chunk, loaded after the page is interactive; the issue allows 2 KB
 * gzip for both together.
 */
export const TELEMETRY_BUDGET_BYTES = 2 * 1024;

const ROOT = join(import.meta.dirname, "..");

/** The app's telemetry before web vitals, error reports and the funnel: page views only. */
const PAGE_VIEWS_ONLY = `
import { redactUrl } from "../../common/redact.ts";
export function recordPageView(pathname, search) {
  const query = Object.fromEntries(new URLSearchParams(redactUrl(search)));
  const body = new Blob([JSON.stringify({ path: redactUrl(pathname), query })], { type: "application/json" });
  if (!navigator.sendBeacon?.("/api/telemetry/page-view", body)) {
    void fetch("/api/telemetry/page-view", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
  }
}
export const record = () => {};
export const reportError = () => {};
export const startTelemetry = () => {};
export const send = () => {};
`;

const pageViewsOnly: Plugin = {
  name: "page-views-only",
  enforce: "pre",
  load: (id) => (id.endsWith("/web/telemetry/queue.ts") ? PAGE_VIEWS_ONLY : undefined),
};

/** Gzip sizes of the entry chunk and of the collector chunk (0 when there is none). */
async function buildAndMeasure(plugins: Plugin[]): Promise<{ entry: number; collector: number }> {
  const outDir = mkdtempSync(join(tmpdir(), "account-telemetry-"));
  try {
    await build({
      configFile: join(ROOT, "vite.config.ts"),
      mode: "production",
      logLevel: "silent",
      plugins,
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    const assets = join(outDir, "assets");
    const gzip = (prefix: string) =>
      readdirSync(assets)
        .filter((name) => name.startsWith(prefix) && name.endsWith(".js"))
        .reduce((total, name) => total + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
    return { entry: gzip("index-"), collector: gzip("collector-") };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function measureTelemetryCost(): Promise<{
  without: number;
  withEntry: number;
  collector: number;
  growth: number;
}> {
  // React's production bundle, as scripts/build-if-stale.ts builds it; the rest of the run keeps its mode.
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  let without: Awaited<ReturnType<typeof buildAndMeasure>>;
  let withTelemetry: typeof without;
  try {
    without = await buildAndMeasure([pageViewsOnly]);
    withTelemetry = await buildAndMeasure([]);
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
  return {
    without: without.entry,
    withEntry: withTelemetry.entry,
    collector: withTelemetry.collector,
    growth: withTelemetry.entry - without.entry + withTelemetry.collector,
  };
}

if (import.meta.main) {
  const cost = await measureTelemetryCost();
  console.log(`entry chunk with page views only: ${cost.without} B gzip; with: ${cost.withEntry} B; collector: ${cost.collector} B`);
  console.log(`telemetry adds ${cost.growth} B gzip to the login route (budget ${TELEMETRY_BUDGET_BYTES} B)`);
}
