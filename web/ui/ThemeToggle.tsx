import { strings } from "@strings/shared.ts";
import { useHydrated } from "../platform/hydration.ts";
import { setThemeMode, useThemeMode } from "../platform/theme.ts";

/**
 * Switches between the light and dark theme; it says which theme it switches to. Both faces are
 * drawn and the stylesheet shows the one for the theme on <html>, which page-boot.js sets before
 * the first paint, so a screen rendered ahead of time shows the right face, and has the right
 * name (from the face's text: "Switch to the Dark theme"), before the app knows the mode.
 */
export function ThemeToggle() {
  const mode = useThemeMode();
  const next = mode === "dark" ? "light" : "dark";
  // Like every control, it waits for the app to take the page over (platform/hydration.ts).
  const hydrated = useHydrated();
  return (
    <button type="button" className="theme-toggle" onClick={() => setThemeMode(next)} disabled={!hydrated}>
      <span className="theme-toggle__face theme-toggle__face--to-dark">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{strings.theme.switchToBefore}</span>
        {strings.theme.dark}
        <span className="visually-hidden">{strings.theme.switchToAfter}</span>
      </span>
      <span className="theme-toggle__face theme-toggle__face--to-light">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{strings.theme.switchToBefore}</span>
        {strings.theme.light}
        <span className="visually-hidden">{strings.theme.switchToAfter}</span>
      </span>
    </button>
  );
}
