import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

/**
 * (a) The JavaScript a browser loads for /dsone/login, gzip-compressed, against the 100 KB budget.
 * Measured in Chromium from the responses the page really received, so it counts lazy chunks too.
 */
export const LOGIN_BUDGET_BYTES = 100 * 1024;

export interface LoadedScript {
  url: string;
  raw: number;
  gzip: number;
  /** Requested after the load event: code deferred off the critical path (the telemetry collector). */
  afterLoad: boolean;
}

export async function measureLoginBundle(): Promise<{
  files: LoadedScript[];
  totalGzip: number;
  /** What the page needs before it is interactive: the scripts requested before the load event. */
  criticalGzip: number;
  signalR: boolean;
}> {
  buildIfStale();
  const dir = mkdtempSync(join(tmpdir(), "account-bench-"));
  const server = await spawnServer({ DATABASE_URL: `file:${join(dir, "account.db")}` });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage();
    const files: LoadedScript[] = [];
    let signalR = false;
    const pending: Promise<void>[] = [];
    let loaded = false;
    const requestedAfterLoad = new Set<unknown>();
    page.on("load", () => {
      loaded = true;
    });
    page.on("request", (request) => {
      if (loaded) requestedAfterLoad.add(request);
    });
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const afterLoad = requestedAfterLoad.has(response.request());
      pending.push(
        response.body().then((body) => {
          files.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, afterLoad });
          // The SignalR client's builder class name survives minification (it is exported API).
          if (body.includes("HubConnectionBuilder") || body.includes("LongPollingTransport")) signalR = true;
        }),
      );
    });
    await page.goto(`${server.url}/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui`);
    await page.getByRole("heading", { name: "Customer Login" }).waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const sum = (list: LoadedScript[]) => list.reduce((total, file) => total + file.gzip, 0);
    return { files, totalGzip: sum(files), criticalGzip: sum(files.filter((file) => !file.afterLoad)), signalR };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { files, totalGzip } = await measureLoginBundle();
  for (const file of files)
    console.log(
      `  ${file.url.padEnd(48)} ${(file.raw / 1024).toFixed(1).padStart(7)} KB raw ${(file.gzip / 1024).toFixed(1).padStart(6)} KB gzip`,
    );
  console.log(`login route JavaScript: ${(totalGzip / 1024).toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_BYTES / 1024} KB)`);
}
