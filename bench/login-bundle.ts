import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
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
  /** The telemetry collector, which the app loads after the load event, off the critical path. */
  afterLoad: boolean;
}

/** Bytes on the wire (bodies as sent, compressed or not) for the login route, by what the browser accepts. */
export interface LoginTransfer {
  encoding: "br" | "gzip";
  /** Every response the page loaded: the page itself, scripts, styles, images. */
  totalBytes: number;
  scriptBytes: number;
}

export async function measureLoginBundle(): Promise<{
  files: LoadedScript[];
  totalGzip: number;
  /** What the page needs before it is interactive: every script but the telemetry collector. */
  criticalGzip: number;
  signalR: boolean;
  transfers: LoginTransfer[];
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
      // The app itself may be requested after the load event too (page-boot.js starts it once the
      // page has painted); only the collector waits for the load event on purpose.
      const afterLoad = requestedAfterLoad.has(response.request()) && response.url().includes("/assets/collector-");
      pending.push(
        response.body().then((body) => {
          files.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, afterLoad });
          // The SignalR client's builder class name survives minification (it is exported API).
          if (body.includes("HubConnectionBuilder") || body.includes("LongPollingTransport")) signalR = true;
        }),
      );
    });
    await page.goto(LOGIN_URL(server.url));
    await page.getByRole("heading", { name: "Customer Login" }).waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const sum = (list: LoadedScript[]) => list.reduce((total, file) => total + file.gzip, 0);
    const transfers = [await measureTransfer(browser, server.url, "br"), await measureTransfer(browser, server.url, "gzip")];
    return { files, totalGzip: sum(files), criticalGzip: sum(files.filter((file) => !file.afterLoad)), signalR, transfers };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const LOGIN_URL = (origin: string) => `${origin}/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui`;

/**
 * Loads the login route in a fresh context that accepts only the given encoding and adds up the
 * bodies as they crossed the wire (Chromium's encoded sizes), once the page and its deferred
 * scripts have loaded.
 */
async function measureTransfer(browser: Browser, origin: string, encoding: "br" | "gzip"): Promise<LoginTransfer> {
  const context = await browser.newContext({ extraHTTPHeaders: { "accept-encoding": encoding } });
  try {
    const page = await context.newPage();
    const sizes: Promise<{ script: boolean; bytes: number }>[] = [];
    page.on("requestfinished", (request) => {
      sizes.push(request.sizes().then((size) => ({ script: request.resourceType() === "script", bytes: size.responseBodySize })));
    });
    await page.goto(LOGIN_URL(origin));
    await page.getByRole("heading", { name: "Customer Login" }).waitFor();
    await page.waitForLoadState("networkidle");
    const all = await Promise.all(sizes);
    const sum = (list: typeof all) => list.reduce((total, item) => total + item.bytes, 0);
    return { encoding, totalBytes: sum(all), scriptBytes: sum(all.filter((item) => item.script)) };
  } finally {
    await context.close();
  }
}

if (import.meta.main) {
  const { files, totalGzip, transfers } = await measureLoginBundle();
  for (const file of files)
    console.log(
      `  ${file.url.padEnd(48)} ${(file.raw / 1024).toFixed(1).padStart(7)} KB raw ${(file.gzip / 1024).toFixed(1).padStart(6)} KB gzip`,
    );
  console.log(`login route JavaScript: ${(totalGzip / 1024).toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_BYTES / 1024} KB)`);
  for (const { encoding, totalBytes, scriptBytes } of transfers)
    console.log(`on the wire with ${encoding}: ${totalBytes} B in all, ${scriptBytes} B of JavaScript`);
}
