import { pathToFileURL } from "node:url";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../common/client-config.ts";
import type { NoScriptScreens } from "../../common/no-script.ts";
import type { RenderedAheadPath } from "../../common/rendered-ahead.ts";
import type { RenderedScreen } from "./prerender.ts";

/**
 * Renders the screens of web/prerender.tsx from the built bundle (dist/ssr), in a process of its
 * own started by server/site/prerender.ts: the app's modules read browser globals (window, document,
 * storage) when they load and when they render, and those must not exist in the server, where
 * libraries take `window` for a browser. It is sent its configuration, so servers with different
 * settings in one process (the tests) each get their own screens, answers once and ends.
 */
interface Input {
  bundle: string;
  configJson: string;
  publicUrl: string;
}

const { bundle, configJson, publicUrl } = await new Promise<Input>((resolve) =>
  process.once("message", resolve as (input: unknown) => void),
);
const origin = new URL(publicUrl);
const location = {
  pathname: "/",
  search: "",
  hash: "",
  href: publicUrl,
  origin: origin.origin,
  hostname: origin.hostname,
  host: origin.host,
};
const ignore = () => {};
const storage = { getItem: () => null, setItem: ignore, removeItem: ignore, clear: ignore };
const element = () => ({ dataset: {} as Record<string, string>, setAttribute: ignore, append: ignore });

Object.assign(globalThis, {
  window: {
    location,
    history: { state: null, replaceState: ignore, pushState: ignore },
    matchMedia: () => ({ matches: false, addEventListener: ignore, removeEventListener: ignore }),
    addEventListener: ignore,
    removeEventListener: ignore,
    dispatchEvent: ignore,
  },
  document: {
    documentElement: element(),
    getElementById: (id: string) => (id === CLIENT_CONFIG_ELEMENT_ID ? { textContent: configJson } : null),
    querySelector: () => null,
    readyState: "loading",
    addEventListener: ignore,
  },
  localStorage: storage,
  sessionStorage: storage,
});

const app = (await import(pathToFileURL(bundle).href)) as {
  renderedAheadPaths(): Promise<RenderedAheadPath[]>;
  renderScreen(): Promise<{ html: string; errors: string[] }>;
  renderNoScriptScreens(): NoScriptScreens;
};
const screens: RenderedScreen[] = [];
const failures: { path: string; errors: string[] }[] = [];
const { dataset } = (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document
  .documentElement;
for (const screen of await app.renderedAheadPaths()) {
  const { path, signedOut } = screen;
  location.pathname = path;
  location.href = `${origin.origin}${path}`;
  // What the server writes on <html> for a browser that sends no session cookie.
  if (signedOut) dataset.session = "none";
  else delete dataset.session;
  const { html, errors } = await app.renderScreen();
  if (errors.length > 0) failures.push({ path, errors });
  else screens.push({ ...screen, html });
}
process.send?.({ screens, failures, noScript: app.renderNoScriptScreens() });
// The answer is on its way once the server closes the channel; then nothing is left to keep this
// process alive.
process.once("disconnect", () => process.exit(0));
