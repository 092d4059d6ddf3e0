import { Suspense, useEffect, useLayoutEffect } from "react";
import { brandForPath } from "../platform/brand.ts";
import { rememberDeviceUuid } from "../platform/device.ts";
import { useHydrated } from "../platform/hydration.ts";
import { useLocation } from "../platform/router.ts";
import { recordPageView } from "../telemetry/queue.ts";
import { LanguageSwitcher } from "../ui/LanguageSwitcher.tsx";
import { ScreenPlaceholder } from "../ui/ScreenPlaceholder.tsx";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";
import { AppStartedMark } from "./AppStartedMark.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { screenFor } from "./routes.ts";

/**
 * The wildcard layout at the router's root: it sets the brand (favicon, colours) from the path,
 * offers the theme toggle, keeps the uuid parameter, records a page view per route, and shows the
 * screen for the path.
 */
export function App() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);

  useEffect(() => {
    document.documentElement.dataset.brand = brand.id;
    const icon = document.querySelector<HTMLLinkElement>("link[rel=icon]");
    if (icon && !icon.href.endsWith(brand.favicon)) icon.href = brand.favicon;
  }, [brand]);

  // On every move the tab shows the brand alone until the new screen names itself: a layout
  // effect, so it runs before the screens' own effects (ui/Screen.tsx).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the move itself (pathname) is the trigger.
  useLayoutEffect(() => {
    document.title = brand.name;
  }, [brand, pathname]);

  // A screen rendered ahead is first hydrated with no query (decision 50): the visit is counted once
  // the real address is known.
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    rememberDeviceUuid(search);
    recordPageView(pathname, search);
  }, [pathname, search, hydrated]);

  const ScreenComponent = screenFor(pathname);
  return (
    <>
      <header className="app-bar">
        <LanguageSwitcher />
        <ThemeToggle />
      </header>
      <ErrorBoundary brand={brand}>
        <Suspense fallback={<ScreenPlaceholder brand={brand} />}>
          <ScreenComponent />
          <AppStartedMark />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
