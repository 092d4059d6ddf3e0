import { redactUrl } from "./redact.ts";

/**
 * The telemetry contract between the browser's collector (web/telemetry) and the collection
 * endpoint (server/telemetry): what one batch of events looks like, and the limits both keep.
 */
export const TELEMETRY_ENDPOINT = "/api/telemetry";
export const MAX_EVENTS_PER_BATCH = 30;
/** Error messages and stacks are cut to this length before they leave the page. */
export const MAX_ERROR_TEXT = 4000;

export const VITALS = ["CLS", "FCP", "FID", "INP", "LCP", "TTFB"] as const;
export type VitalName = (typeof VITALS)[number];

/**
 * The "good" thresholds (web.dev's Core Web Vitals): milliseconds, except CLS, which has no unit.
 * A screen is good when its 75th percentile is at or below the figure.
 */
export const GOOD_VITALS: Record<VitalName, number> = { CLS: 0.1, FCP: 1800, FID: 100, INP: 200, LCP: 2500, TTFB: 800 };

export const ERROR_SOURCES = ["error", "unhandledrejection", "render"] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** Sign-in funnel steps the browser reports; "screen shown" and "link opened" are its page views. */
export const FUNNEL_STEPS = ["link_requested", "signed_in", "refused"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const SIGN_IN_METHODS = ["access_link", "password", "google"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** `path` is the page's path; `at` the browser's clock (milliseconds since the epoch). */
export type TelemetryEvent =
  | { kind: "page_view"; path: string; query: Record<string, string>; at: number }
  | { kind: "vital"; name: VitalName; value: number; path: string; at: number }
  | { kind: "error"; source: ErrorSource; message: string; stack?: string; path: string; at: number }
  | { kind: "funnel"; step: FunnelStep; method?: SignInMethod; code?: string; path: string; at: number };

export interface TelemetryBatch {
  /** The tab's anonymous id (sessionStorage): groups one visit's events, names nobody. */
  session: string;
  events: TelemetryEvent[];
}

/** The sign-in screens: their page views are the funnel's first step. */
export const SIGN_IN_SCREENS = ["/dsone/login", "/dsone/password-login", "/maverick/email-login", "/maverick/password-login"];
/** The access-link page: its page views are the funnel's "link opened". */
export const ACCESS_LINK_SCREENS = ["/dsone/access-link", "/maverick/access-link"];

/** GET /api/admin/operations?days=N: what the operations page shows for the last N days. */
export interface OperationsReport {
  days: number;
  vitals: { screen: string; brand: string; name: VitalName; p75: number; samples: number; good: boolean }[];
  /** The funnel's steps in order; signed_in counted per method. */
  funnel: { step: "screen_shown" | "link_requested" | "link_opened" | "signed_in"; method?: SignInMethod; count: number }[];
  refusals: { method: string; code: string; count: number }[];
  errors: { message: string; source: string | null; kind: string; count: number; lastSeen: number }[];
  outbox: { pending: number; retrying: number; sent: number; failed: number };
}
export const ADMIN_REPORT_ENDPOINT = "/api/admin/operations";
export const ADMIN_PERIOD_DAYS = [1, 7, 30] as const;

/**
 * The sign-in calls, by path (all POST): requesting an access link (the app's and the earlier
 * area's) and signing in with a link or a password. The browser turns their answers into funnel
 * steps and the server into metrics, both with signInOutcome.
 */
export const SIGN_IN_CALLS: Record<string, { method: SignInMethod; step: "link_requested" | "signed_in" }> = {
  "/api/access-link": { method: "access_link", step: "link_requested" },
  "/api/account/passwordless-login": { method: "access_link", step: "link_requested" },
  "/api/account/maverick/passwordless-login": { method: "access_link", step: "link_requested" },
  "/api/access-link/consume": { method: "access_link", step: "signed_in" },
  "/api/dsone/password-login": { method: "password", step: "signed_in" },
  "/api/maverick/password-login": { method: "password", step: "signed_in" },
  "/api/account/login": { method: "password", step: "signed_in" },
  "/api/account/maverick-login": { method: "password", step: "signed_in" },
};

/**
 * Whether a sign-in call's answer refused, and with which code: an error's own code, or, for a
 * 200 that says isOk false (a link asked for an unknown email), why.
 */
export function signInOutcome(status: number, body: unknown): { refused: boolean; code?: string } {
  const answer = (typeof body === "object" && body !== null ? body : {}) as {
    code?: unknown;
    isOk?: unknown;
    isExistingDesktopUser?: unknown;
  };
  if (status < 400 && answer.isOk !== false) return { refused: false };
  if (typeof answer.code === "string") return { refused: true, code: answer.code };
  if (status >= 400) return { refused: true, code: `HTTP_${status}` };
  return { refused: true, code: answer.isExistingDesktopUser ? "DESKTOP_USER" : "ACCOUNT_NOT_FOUND" };
}

/** URLs quoted inside free text (an error message naming the page's address), each redacted. */
export function redactUrlsIn(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+|\/[^\s"'<>?]*\?[^\s"'<>]+/g, (url) => redactUrl(url));
}
