import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { NO_SCRIPT_PLACEHOLDER, type NoScriptScreen, type NoScriptScreens } from "../common/no-script.ts";
import type { RenderedAheadPath } from "../common/rendered-ahead.ts";
import { App } from "./app/App.tsx";
import { screenLoaderFor } from "./app/routes.ts";
import { loginEmailError } from "./forms/rules.ts";
import {
  NoScriptAccessLink,
  NoScriptAccountNotFound,
  NoScriptCheckEmail,
  NoScriptLogin,
  NoScriptNeedsJavaScript,
} from "./no-script/NoScriptScreens.tsx";
import { BRANDS, type BrandPaths } from "./platform/brand.ts";

/**
 * The screens whose first paint is rendered ahead of time, by React's own server renderer, so the
 * brand, the heading and the form are on screen before any script has run; the app then hydrates
 * them (main.tsx). Each is rendered for its path with no query, so only screens whose first render
 * does not depend on the query or on this browser's storage are listed; the others keep the empty
 * page and render in the browser.
 */
const RENDERED_AHEAD: readonly (keyof BrandPaths)[] = [
  "login",
  "emailLogin",
  "passwordLogin",
  "accessLink",
  "forgotPassword",
  "forgotPasswordConfirmation",
  "setPasswordConfirmation",
  "resetPasswordConfirmation",
];

/**
 * Screens rendered a second time for a browser that sends no session cookie: the login, whose
 * first paint is otherwise the wait for the session check, shows its form at once (the server
 * marks such a page `data-session="none"`; features/login/LoginPage.tsx reads it).
 */
const SIGNED_OUT_VARIANT: readonly (keyof BrandPaths)[] = ["login"];

/**
 * Every screen's module by what importing it returns, with its name in the web build's manifest
 * ("features/…/…Page.tsx"): importing one module twice gives the same namespace object, so what a
 * route's loader returns names its module.
 */
async function screenModuleNames(): Promise<Map<unknown, string>> {
  const modules = import.meta.glob(["./features/*/*Page.tsx", "!./features/login/LoginPage.tsx"]);
  return new Map(await Promise.all(Object.entries(modules).map(async ([key, load]) => [await load(), key.slice(2)] as const)));
}

/**
 * Each screen rendered ahead: its path, brand, variant, and its module when that is a chunk of its
 * own (the login's loader hands over the screen itself, bundled with the app: no module).
 * @public Called from the built bundle (server/site/prerender-renderer.ts), outside the module graph.
 */
export async function renderedAheadPaths(): Promise<RenderedAheadPath[]> {
  const moduleNames = await screenModuleNames();
  const seen = new Set<string>();
  const listed: RenderedAheadPath[] = [];
  for (const brand of BRANDS)
    for (const screen of RENDERED_AHEAD) {
      const path = brand.paths[screen];
      if (seen.has(path)) continue;
      seen.add(path);
      const module = moduleNames.get(await screenLoaderFor(path)());
      listed.push({ path, brand: brand.id, signedOut: false, module });
      if (SIGNED_OUT_VARIANT.includes(screen)) listed.push({ path, brand: brand.id, signedOut: true, module });
    }
  return listed;
}

/**
 * The app's markup at the address the caller set, once every lazy screen it shows has loaded, and
 * what failed while rendering it (a screen with errors is not to be served). The caller sets the
 * globals the app's modules read (the address, the configuration) before importing this module and
 * before each render (server/site/prerender-renderer.ts).
 * @public Called from the built bundle (server/site/prerender-renderer.ts), outside the module graph.
 */
export async function renderScreen(): Promise<{ html: string; errors: string[] }> {
  const errors: string[] = [];
  const { prelude } = await prerender(<App />, {
    onError(error) {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  return { html: await textOf(prelude), errors };
}

/**
 * A stream's text, read here rather than through `new Response(stream).text()`: the first use of
 * Node's Response loads its fetch implementation, about 80 ms of the renderer's start, which the
 * first page waits for.
 */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
  return text + decoder.decode();
}

/**
 * Each brand's screens for a browser without JavaScript (web/no-script/), as markup with placeholders.
 * @public Called from the built bundle (server/site/prerender-renderer.ts), outside the module graph.
 */
export function renderNoScriptScreens(): NoScriptScreens {
  return Object.fromEntries(
    BRANDS.map((brand) => [
      brand.id,
      {
        needsJavaScript: renderToStaticMarkup(<NoScriptNeedsJavaScript brand={brand} />),
        login: renderToStaticMarkup(<NoScriptLogin brand={brand} />),
        loginWithError: renderToStaticMarkup(<NoScriptLogin brand={brand} error={NO_SCRIPT_PLACEHOLDER.error} />),
        loginEmailRequired: renderToStaticMarkup(<NoScriptLogin brand={brand} error={loginEmailError("") ?? ""} />),
        loginEmailInvalid: renderToStaticMarkup(<NoScriptLogin brand={brand} error={loginEmailError("not an email") ?? ""} />),
        checkEmail: renderToStaticMarkup(<NoScriptCheckEmail brand={brand} />),
        accountNotFound: renderToStaticMarkup(<NoScriptAccountNotFound brand={brand} />),
        accessLink: renderToStaticMarkup(<NoScriptAccessLink brand={brand} />),
        accessLinkUsed: renderToStaticMarkup(<NoScriptAccessLink brand={brand} problem="used" />),
        accessLinkExpired: renderToStaticMarkup(<NoScriptAccessLink brand={brand} problem="expired" />),
        accessLinkUnknown: renderToStaticMarkup(<NoScriptAccessLink brand={brand} problem="unknown" />),
      } satisfies Record<NoScriptScreen, string>,
    ]),
  );
}
