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

/** Every screen's module, by its name in the web build's manifest ("features/…/…Page.tsx"). */
const SCREEN_MODULES = Object.entries(import.meta.glob(["./features/*/*Page.tsx", "!./features/login/LoginPage.tsx"])).map(
  ([key, load]) => ({ name: key.slice(2), load }),
);

/**
 * The module of the screen at `path`, found by what its loader returns: importing one module
 * twice gives the same namespace object. Undefined for a screen bundled with the app (the login),
 * whose loader hands over the screen itself.
 */
async function screenModule(path: string): Promise<string | undefined> {
  const loaded = await screenLoaderFor(path)();
  for (const { name, load } of SCREEN_MODULES) if ((await load()) === loaded) return name;
  return undefined;
}

/** Each screen rendered ahead: its path, brand, variant, and its module when that is a chunk of its own. */
export async function renderedAheadPaths(): Promise<RenderedAheadPath[]> {
  const seen = new Set<string>();
  const screens = BRANDS.flatMap((brand) =>
    RENDERED_AHEAD.filter((screen) => !seen.has(brand.paths[screen]) && seen.add(brand.paths[screen])).map((screen) => ({
      path: brand.paths[screen],
      brand: brand.id,
      signedOut: SIGNED_OUT_VARIANT.includes(screen),
    })),
  );
  const listed: RenderedAheadPath[] = [];
  for (const { path, brand, signedOut } of screens) {
    const module = await screenModule(path);
    listed.push({ path, brand, signedOut: false, module });
    if (signedOut) listed.push({ path, brand, signedOut: true, module });
  }
  return listed;
}

/**
 * The app's markup at the address the caller set, once every lazy screen it shows has loaded, and
 * what failed while rendering it (a screen with errors is not to be served). The caller sets the
 * globals the app's modules read (the address, the configuration) before importing this module and
 * before each render (server/prerender-renderer.ts).
 */
export async function renderScreen(): Promise<{ html: string; errors: string[] }> {
  const errors: string[] = [];
  const { prelude } = await prerender(<App />, {
    onError(error) {
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  return { html: await new Response(prelude).text(), errors };
}

/** Each brand's screens for a browser without JavaScript (web/no-script/), as markup with placeholders. */
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
