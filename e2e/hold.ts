import type { Page } from "@playwright/test";

/**
 * Holds every request to `url` until release() is called, to look at a screen while it waits
 * (the loading screen, the "Loading..." overlay).
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
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
