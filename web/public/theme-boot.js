// Runs before the page paints: the stored theme mode, or the system's, so the first paint is
// already in the right theme (no flash). The app keeps it up to date afterwards (web/platform/theme.ts).
(() => {
  let mode = null;
  try {
    mode = localStorage.getItem("themeMode");
  } catch {
    // Storage may be off; the system preference still applies.
  }
  if (mode !== "light" && mode !== "dark") mode = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.dataset.theme = mode;
})();
