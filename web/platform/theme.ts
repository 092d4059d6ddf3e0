import { useSyncExternalStore } from "react";
import type { ThemeMode } from "../../common/brands/index.ts";

/**
 * The theme mode (SPEC section 4): stored in local storage under "themeMode", defaulting to the
 * system preference, and followed live while the customer has not chosen. page-boot.js applies it
 * before the first paint; this module keeps <html data-theme> in step afterwards.
 */
const THEME_STORAGE_KEY = "themeMode";

const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();

function stored(): ThemeMode | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function current(): ThemeMode {
  return stored() ?? (systemDark.matches ? "dark" : "light");
}

/** Brings <html data-theme> and the toggle in step with storage (after it was cleared, say). */
export function refreshTheme(): void {
  document.documentElement.dataset.theme = current();
  for (const listener of listeners) listener();
}

systemDark.addEventListener("change", refreshTheme);
// Another tab chose a theme, or cleared local storage.
window.addEventListener("storage", refreshTheme);

export function setThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  refreshTheme();
}

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    renderedAheadMode,
  );
}

/** A screen rendered ahead of time knows no customer's theme: it is rendered light (CSS shows the right one). */
const renderedAheadMode = (): ThemeMode => "light";
