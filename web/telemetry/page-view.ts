import { redactParameter, redactUrl } from "../../common/redact.ts";

/**
 * Records a page view with the route and its query parameters (SPEC section 7, Telemetry), minus
 * every secret: an access-link token or a reset code never leaves the browser for analytics.
 */
export function recordPageView(pathname: string, search: string): void {
  // fromEntries defines own properties: a parameter named __proto__ is just a name.
  const query = Object.fromEntries([...new URLSearchParams(search)].map(([key, value]) => [key, redactParameter(key, value)]));
  const body = new Blob([JSON.stringify({ path: redactUrl(pathname), query })], { type: "application/json" });
  // sendBeacon survives the page being left straight after (a redirect to a product site).
  if (!navigator.sendBeacon?.("/api/telemetry/page-view", body)) {
    void fetch("/api/telemetry/page-view", {
      method: "POST",
      body,
      keepalive: true,
      headers: { "content-type": "application/json" },
    }).catch(() => {});
  }
}
