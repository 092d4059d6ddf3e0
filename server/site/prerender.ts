import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LANGUAGE, type Language } from "../../common/languages.ts";
import type { NoScriptScreens } from "../../common/no-script.ts";
import type { RenderedAheadPath } from "../../common/rendered-ahead.ts";

/** The server-side build of web/prerender.tsx in a language (scripts/build-if-stale.ts builds one per language beside the app). */
export function prerenderBundle(language: Language = DEFAULT_LANGUAGE): string {
  return join(import.meta.dirname, "..", "..", "dist", "ssr", language, "prerender.js");
}

export interface RenderedScreen extends RenderedAheadPath {
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
export function renderScreensAhead(configJson: string, publicUrl: string, bundle = prerenderBundle()): Promise<RenderedAhead> {
  const key = JSON.stringify([configJson, publicUrl, bundle]);
  let rendering = renderings.get(key);
  if (!rendering) {
    rendering = renderInChildProcess(configJson, publicUrl, bundle);
    // A failed rendering is not kept: the next server tries again.
    rendering.catch(() => renderings.delete(key));
    renderings.set(key, rendering);
  }
  return rendering;
}

/**
 * The renderer runs in a process of its own, not in a worker thread: a worker's heap and the
 * memory allocator's arena it used stay in the server's resident memory after it ends (about
 * 20 MB, measured with bench/session-check.ts's footprint), while a process returns everything
 * when it exits. The app's modules also read browser globals, which the renderer supplies and which
 * must not exist in the server's own thread.
 */
function renderInChildProcess(configJson: string, publicUrl: string, bundle = prerenderBundle()): Promise<RenderedAhead> {
  if (!existsSync(bundle)) return Promise.resolve({ screens: [], failures: [], noScript: {} });
  return new Promise((resolve, reject) => {
    const renderer = fork(new URL("./prerender-renderer.ts", import.meta.url), {
      // React's production renderer, as the browser gets React's production build (the markup is
      // the same; the development one is slower), whatever mode the server runs in.
      env: { ...process.env, NODE_ENV: "production" },
      // Not the server's own flags (a profiler, an inspector port): the renderer needs none.
      execArgv: [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let answered = false;
    renderer.once("message", (rendered: RenderedAhead) => {
      answered = true;
      resolve(rendered);
      renderer.disconnect();
    });
    renderer.once("error", reject);
    renderer.once("exit", (code, signal) => {
      if (!answered) reject(new Error(`the screen renderer stopped (${signal ?? `exit code ${code}`}) before it answered`));
    });
    renderer.send({ bundle, configJson, publicUrl });
  });
}
