/**
 * A screen whose first paint is rendered ahead of time (decision 50), as its renderer
 * (web/prerender.tsx) lists it for the server (server/site/prerender-renderer.ts, server/site/spa.ts).
 */
export interface RenderedAheadPath {
  path: string;
  brand: string;
  /** Rendered for a browser that sends no session cookie (the login shows its form at once). */
  signedOut: boolean;
  /**
   * The screen's module as the web build's manifest names it, when it is a chunk of its own: the
   * page asks for that chunk with the app's. Undefined for a screen bundled with the app.
   */
  module?: string;
}

/**
 * The User Timing mark the app sets once it has taken over the page (hydrated a screen rendered
 * ahead, or rendered one itself): from then on its controls work. It shows in a performance trace
 * (DevTools, Lighthouse) as the moment the page became usable, and it is what the end-to-end checks
 * and `npm run screenshots` wait for before they look.
 */
export const APP_STARTED_MARK = "app-started";
