import { useSyncExternalStore } from "react";
import { withoutHopParameters } from "../../common/query.ts";

/**
 * A small history router: the app has a fixed list of paths and needs no nested routing, so the
 * browser's History API and one external store do the job in a few hundred bytes.
 */
export interface Location {
  pathname: string;
  search: string;
}

const NAVIGATE_EVENT = "app:navigate";

let current: Location = read();

function read(): Location {
  return { pathname: window.location.pathname, search: window.location.search };
}

function subscribe(onChange: () => void): () => void {
  const update = () => {
    current = read();
    onChange();
  };
  window.addEventListener("popstate", update);
  window.addEventListener(NAVIGATE_EVENT, update);
  return () => {
    window.removeEventListener("popstate", update);
    window.removeEventListener(NAVIGATE_EVENT, update);
  };
}

/**
 * A screen rendered ahead of time (web/prerender.tsx) was rendered for its path with no query: the
 * first render over it must be the same, and the query follows at once after.
 */
let withoutQuery: Location | undefined;
function renderedAheadLocation(): Location {
  const { pathname } = window.location;
  if (withoutQuery?.pathname !== pathname) withoutQuery = { pathname, search: "" };
  return withoutQuery;
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, () => current, renderedAheadLocation);
}

/** Moves to another screen of the app without a page load. */
export function navigate(to: string, { replace = false } = {}): void {
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/**
 * The address of another screen: moving between screens drops the OAuth-style parameters (SPEC
 * section 2) and keeps the rest of the query.
 */
export function screenUrl(pathname: string, search: string = window.location.search): string {
  return `${pathname}${withoutHopParameters(search)}`;
}

/** An address with a query string added to the one it may already have. */
export function withQuery(url: string, search: string): string {
  const extra = search.replace(/^\?/, "");
  if (!extra) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${extra}`;
}

/**
 * Leaves the app for another address (a product's site, the installer host). With replace, this
 * page leaves the history: Back then skips it.
 */
export function leaveTo(url: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}
