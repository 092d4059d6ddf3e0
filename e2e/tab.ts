import type { Page } from "@playwright/test";

/** Shows or hides the page as a browser does when its tab leaves or comes back into view. */
export function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", { value: hidden ? "hidden" : "visible", configurable: true });
    Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}
