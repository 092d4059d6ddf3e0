import { useEffect } from "react";
import { APP_STARTED_MARK } from "../../common/rendered-ahead.ts";
import { useHydrated } from "../platform/hydration.ts";

/**
 * Sets the app-started mark (common/rendered-ahead.ts) once the app has committed a screen, or the
 * error screen in its place. It sits beside the screen inside the screen's Suspense boundary, which
 * commits its children together: a screen whose code is still loading, or still to be hydrated,
 * does not count.
 */
export function AppStartedMark(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && performance.getEntriesByName(APP_STARTED_MARK).length === 0) performance.mark(APP_STARTED_MARK);
  }, [hydrated]);
  return null;
}
