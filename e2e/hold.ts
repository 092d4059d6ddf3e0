import type { Page } from "@playwright/test";

/**
 * Holds every request to `url` until release() is called, to look at a screen while it waits
 * (the loading screen, the "Loading..." overlay).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The logout screens' session reset: GET /account/logout with whatever query the screen had. */
export const SESSION_RESET = /\/account\/logout(\?|$)/;
