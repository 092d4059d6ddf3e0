import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { NoScriptScreens } from "../common/no-script.ts";

/** The server-side build of web/prerender.tsx (scripts/build-if-stale.ts builds it beside the app). */
export const PRERENDER_BUNDLE = join(import.meta.dirname, "..", "dist", "ssr", "prerender.js");

export interface RenderedScreen {
  path: string;
  brand: string;
  /** Rendered for a browser that sends no session cookie (the login shows its form at once). */
  signedOut: boolean;
  /** The app's markup for the screen, to go inside the page's root element. */
  html: string;
}

export interface RenderedAhead {
  screens: RenderedScreen[];
  failures: { path: string; errors: string[] }[];
  /** What a browser without JavaScript is shown, per brand (decision 50). */
  noScript: NoScriptScreens;
}

const renderings = new Map<string, Promise<RenderedAhead>>();

/**
 * Renders the screens that are rendered ahead of time with this deployment's client configuration
 * (Google sign-in on or off, password sign-in, addresses), once, when the server starts: the
 * configuration is part of what they show, and it is only known here. Empty when the bundle was
 * not built (a server given another build directory). A screen whose rendering failed is left out,
 * with what failed, and renders in the browser as any other. Servers with the same settings in one
 * process share one rendering.
 */
export function renderScreensAhead(configJson: string, publicUrl: string, bundle = PRERENDER_BUNDLE): Promise<RenderedAhead> {
  const key = JSON.stringify([configJson, publicUrl, bundle]);
  let rendering = renderings.get(key);
  if (!rendering) {
    rendering = renderInWorker(configJson, publicUrl, bundle);
    // A failed rendering is not kept: the next server tries again.
    rendering.catch(() => renderings.delete(key));
    renderings.set(key, rendering);
  }
  return rendering;
}

function renderInWorker(configJson: string, publicUrl: string, bundle = PRERENDER_BUNDLE): Promise<RenderedAhead> {
  if (!existsSync(bundle)) return Promise.resolve({ screens: [], failures: [], noScript: {} });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./prerender-worker.ts", import.meta.url), {
      workerData: { bundle, configJson, publicUrl },
      // React's production renderer, as the browser gets React's production build (the markup is
      // the same; the development one is slower), whatever mode the server runs in.
      env: { ...process.env, NODE_ENV: "production" },
    });
    worker.once("message", (rendered: RenderedAhead) => {
      resolve(rendered);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the screen renderer stopped (exit code ${code}) before it answered`)));
  });
}
