import { useSyncExternalStore } from "react";

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

/** Leaves the app for another address (a product's site, the installer host). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
