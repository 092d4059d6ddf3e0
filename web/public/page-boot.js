// The page's first script, inlined by the server (its hash is in the CSP). It runs before the page
// paints: the stored theme mode, or the system's, so the first paint is already in the right theme
// (no flash); the app keeps it up to date afterwards (web/platform/theme.ts). Then it starts the
// app once the page has painted (decision 50): the screen is already in the HTML, so on a slow
// network its stylesheet gets the bandwidth first and the app's script follows.
(() => {
  let mode = null;
  try {
    mode = localStorage.getItem("themeMode");
  } catch {
    // Storage may be off; the system preference still applies.
  }
  if (mode !== "light" && mode !== "dark") mode = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.dataset.theme = mode;

  const app = document.currentScript?.dataset.app;
  if (!app) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(app);
  };
  // A tab opened in the background paints nothing and runs no animation frames: start at once.
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start));
})();
