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

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, () => current);
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
 * Takes secrets (a link's token, a reset code and its email) out of the address bar, so they are
 * in no history entry, screenshot or shared address: answers each named parameter's value (null
 * when absent) and removes those present. The one way a screen drops a secret from the address.
 * It runs while a screen first renders (in a state initialiser), so it changes the address without
 * telling the router: a re-render then would run the initialiser again and find the secret gone.
 * The screen stays the same, and the router reads the address afresh at the next move.
 */
export function takeFromAddress<Name extends string>(...names: Name[]): Record<Name, string | null> {
  const url = new URL(window.location.href);
  const taken = Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)])) as Record<Name, string | null>;
  if (names.some((name) => url.searchParams.has(name))) {
    for (const name of names) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }
  return taken;
}

/** Leaves the app for another address (a product's site, the installer host). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
