import { useSyncExternalStore } from "react";

/**
 * Whether the app has taken over the page. A screen rendered ahead of time (web/prerender.tsx) is
 * on screen before its script has run; until the app hydrates it, its controls do nothing, so the
 * shared controls show themselves unavailable (ui/Button, ui/TextField) rather than take a click
 * or a keystroke that would be lost. Without a rendered-ahead page the app renders straight away
 * and this is true from the first render.
 */
const noChange = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
