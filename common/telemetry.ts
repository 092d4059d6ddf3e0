import type { ChallengeOutcome } from "./challenge.ts";
import type { MailRateWindow } from "./mail-rates.ts";
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

/** Sign-in funnel steps the server records; "screen shown" and "link opened" are the browser's page views. */
const FUNNEL_STEPS = ["link_requested", "signed_in", "refused"] as const;
type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** `approval`: the link approved on another device, the asking browser signed in (decision 73). */
export const SIGN_IN_METHODS = ["access_link", "password", "google", "microsoft", "passkey", "approval"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** `path` is the page's path; `at` the browser's clock (milliseconds since the epoch). */
export type BrowserEvent =
  | { kind: "page_view"; path: string; query: Record<string, string>; at: number }
  | { kind: "vital"; name: VitalName; value: number; path: string; at: number }
  | { kind: "error"; source: ErrorSource; message: string; stack?: string; path: string; at: number };

/** A funnel step, recorded by the server where the sign-in answer is made (decision 39). */
type FunnelEvent = { kind: "funnel"; step: FunnelStep; method?: SignInMethod; code?: string; path: string; at: number };

/**
 * What became of a human check a request met (decision 93), recorded by the server as the answer
 * goes: the operations page counts each outcome, so an operator sees how often customers are asked.
 */
type ChallengeEvent = { kind: "challenge"; outcome: ChallengeOutcome; path: string; at: number };

/** Every stored event: the browser's, and the server's funnel steps and human checks. */
export type TelemetryEvent = BrowserEvent | FunnelEvent | ChallengeEvent;

export interface TelemetryBatch {
  /** The tab's anonymous id (sessionStorage): groups one visit's events, names nobody. */
  session: string;
  events: BrowserEvent[];
}

/** GET /api/admin/operations?days=N: what the operations page shows for the last N days. */
export interface OperationsReport {
  days: number;
  vitals: { screen: string; brand: string; name: VitalName; p75: number; samples: number; good: boolean }[];
  /** The funnel's steps in order; signed_in counted per method. */
  funnel: { step: "screen_shown" | "link_requested" | "link_opened" | "signed_in"; method?: SignInMethod; count: number }[];
  refusals: { method: string; code: string; count: number }[];
  /**
   * The most frequent client errors, one per fingerprint (kind, normalised message, top frame), with
   * the newest report's message: text a browser sent, which anyone can make up (shown as such).
   */
  errors: { fingerprint: string; message: string; source: string | null; kind: string; count: number; lastSeen: number }[];
  outbox: { pending: number; retrying: number; sent: number; failed: number };
  /**
   * Logout tokens to apps (back-channel logout, decision 66), counted like the outbox; the apps
   * whose tokens finally failed, each with its count and its last error.
   */
  logoutTokens: {
    pending: number;
    retrying: number;
    delivered: number;
    failed: number;
    failedApps: { clientId: string; count: number; lastError: string | null; lastFailedAt: number }[];
  };
  /**
   * Mail sent over the last hour and the last day, whatever the period, and how many of those mails
   * bounced (or the relay refused) and drew a complaint: the rates a relay suspends a sender for,
   * against the lines of common/mail-rates.ts.
   */
  mailRates: { window: MailRateWindow; sent: number; bounced: number; complained: number }[];
  /** The human checks of the period (decision 93): how many were shown, solved, failed, and refused for a provider that did not answer. */
  challenges: Record<ChallengeOutcome, number>;
}
export const ADMIN_REPORT_ENDPOINT = "/api/admin/operations";
/** The operations page: its HTML answers 403 to anyone but a signed-in admin (decision 36). */
export const ADMIN_SCREEN = "/admin";
export const ADMIN_PERIOD_DAYS = [1, 7, 30] as const;

/**
 * URLs quoted inside free text (an error message naming the page's address), each redacted: an
 * absolute http(s) URL, or a path with a query. Browsers choose this text, so the work is linear
 * in its length: the text is cut into runs without spaces, quotes or angle brackets (one pass), and
 * each run is searched with indexOf, never with a regular expression that backtracks (a stack made
 * of slashes cost the earlier pattern time quadratic in its length).
 */
export function redactUrlsIn(text: string): string {
  return text.replace(/[^\s"'<>]+/g, (run) => {
    const start = urlStart(run);
    return start === -1 ? run : `${run.slice(0, start)}${redactUrl(run.slice(start))}`;
  });
}

/**
 * Where a run's URL begins, or -1: the first "http://" or "https://" with something after it, or
 * the first "/" that has a "?" after it with something after that. Either reaches the end of the
 * run, so a run holds at most one.
 */
function urlStart(run: string): number {
  const candidates: number[] = [];
  for (const scheme of ["http://", "https://"]) {
    const at = run.indexOf(scheme);
    if (at !== -1 && run.length > at + scheme.length) candidates.push(at);
  }
  const lastQuery = run.length > 1 ? run.lastIndexOf("?", run.length - 2) : -1;
  const slash = run.indexOf("/");
  if (slash !== -1 && slash < lastQuery) candidates.push(slash);
  return candidates.length === 0 ? -1 : Math.min(...candidates);
}

/**
 * One step of the sign-in funnel as the server records it (server/telemetry/sign-in-steps.ts) and
 * counts it (metrics.ts): here, so that neither imports the other.
 */
export interface SignInStep {
  step: FunnelStep;
  method: SignInMethod;
  code?: string;
  /** The screen the step was taken on (its brand is the funnel row's brand). */
  screen: string;
}
