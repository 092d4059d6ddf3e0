// The page's first script, inlined by the server (its hash is in the CSP). It runs before the page
// paints: the stored theme mode, or the system's, so the first paint is already in the right theme
// (no flash); the app keeps it up to date afterwards (web/platform/theme.ts). Then it starts the
// app once the page's first contentful paint is reported (decision 50): the screen is already in
// the HTML, so on a slow network its stylesheet gets the bandwidth first and the app's script
// follows.
(() => {
  let mode = null;
  try {
    mode = localStorage.getItem("themeMode");
  } catch {
    // Storage may be off; the system preference still applies.
  }
  if (mode !== "light" && mode !== "dark") mode = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.dataset.theme = mode;

  // Where passkeys cannot work on this page (no WebAuthn, not a secure context, or an address the
  // deployment's passkeys are not for, such as 127.0.0.1), the screen rendered ahead hides its
  // passkey button from the first paint rather than drawing it and taking it away once the app
  // runs (web/platform/passkey-support.ts decides the same for the app).
  let passkeyOrigin = null;
  try {
    passkeyOrigin = JSON.parse(document.getElementById("app-config")?.textContent ?? "null")?.passkeyOrigin ?? null;
  } catch {
    // A page without a readable configuration offers no passkey.
  }
  if (typeof window.PublicKeyCredential !== "function" || !window.isSecureContext || passkeyOrigin !== window.location.origin) {
    document.documentElement.dataset.passkeys = "off";
  }

  const { app, imports = "" } = document.currentScript?.dataset ?? {};
  if (!app) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The modules the app's module imports, fetched beside it rather than after it.
    for (const href of imports.split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    import(app);
  };
  // A tab opened in the background paints nothing: start at once.
  if (document.visibilityState === "hidden") return start();
  // A page whose root is empty (its screen is not rendered ahead) shows nothing until the app runs.
  document.addEventListener("DOMContentLoaded", () => {
    if (!document.getElementById("root")?.firstElementChild) start();
  });
  // Otherwise, once the screen has reached the display. An animation frame can run well before
  // that paint is presented, and the app's download would then race the page's first paint.
  if (window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: "paint", buffered: true });
    // Some browsers report the paint late (headless ones on a busy machine, by seconds): the app
    // waits no longer than a moment after the page has loaded.
    window.addEventListener("load", () => setTimeout(start, 250));
  } else requestAnimationFrame(() => setTimeout(start));
})();
