import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { MAIL_RATE_THRESHOLDS, MAIL_RATE_WINDOWS, type MailRateWindow, rateOf } from "../../common/mail-rates.ts";
import type { SignInStep, VitalName } from "../../common/telemetry.ts";
import type { Db } from "../db/database.ts";
import { countWaitingLogoutTokens } from "../db/logout-deliveries.ts";
import { type DeliveryRates, deliveryRatesSince } from "../mail/delivery-state.ts";
import { countWaitingMail } from "../mail/outbox.ts";

/** Web vitals measured in time, observed in seconds (Prometheus' base unit). */
const TIME_BUCKETS = [0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10];
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];
const MAX_SCREENS = 64;

/** A rate as the help text says it: 0.001 as "0.1%". */
const percent = (rate: number) => `${Number((rate * 100).toPrecision(3))}%`;
const { bounce, complaint } = MAIL_RATE_THRESHOLDS;

/**
 * The server's Prometheus metrics (prom-client), one registry per app so that tests can run many
 * apps side by side. docs/operating.md lists every name.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #screens = new Set<string>();

  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route and status code.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: "account_sign_ins_total",
    help: "Successful sign-ins, by method.",
    labelNames: ["method"] as const,
    registers: [this.registry],
  });
  readonly signInRefusals = new Counter({
    name: "account_sign_in_refusals_total",
    help: "Refused sign-ins and link requests, by method and reason (the answer's error code).",
    labelNames: ["method", "reason"] as const,
    registers: [this.registry],
  });
  readonly linksRequested = new Counter({
    name: "account_access_links_requested_total",
    help: "Access links sent.",
    registers: [this.registry],
  });
  readonly linksSpent = new Counter({
    name: "account_access_links_spent_total",
    help: "Access links spent on a sign-in.",
    registers: [this.registry],
  });
  readonly mailDeliveries = new Counter({
    name: "account_mail_deliveries_total",
    help: "Mails handed to the mail server.",
    registers: [this.registry],
  });
  readonly mailRetries = new Counter({
    name: "account_mail_delivery_retries_total",
    help: "Failed delivery attempts that will be retried.",
    registers: [this.registry],
  });
  readonly mailFailures = new Counter({
    name: "account_mail_delivery_failures_total",
    help: "Mails given up on after the last attempt.",
    registers: [this.registry],
  });
  readonly mailSuppressed = new Counter({
    name: "account_mail_suppressed_total",
    help: "Mails not sent: the address bounced, or (notices) its owner complained.",
    registers: [this.registry],
  });
  readonly mailReports = new Counter({
    name: "account_mail_reports_total",
    help: "Messages to the bounce address, by what became of them: recorded, unknown_mail, not_a_report, forged, oversized, throttled, malformed.",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  readonly logoutTokens = new Counter({
    name: "account_logout_tokens_total",
    help: "Attempts to deliver a logout token to an app, by outcome: delivered, retry (tried again later), failed (given up).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  readonly dpopRefusals = new Counter({
    name: "account_dpop_refusals_total",
    help: "DPoP proofs refused by the OpenID Provider, by reason: htm, htu, iat, alg, replay, nonce, ath, proof (other), missing (none where one is required), key (not the token's key).",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  readonly googleSecurityEvents = new Counter({
    name: "account_google_security_events_total",
    help: "Security event tokens Google posted to /google/risc, by outcome: accepted, or refused with invalid_key, invalid_issuer, invalid_audience, invalid_request.",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: "account_rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by route.",
    labelNames: ["route"] as const,
    registers: [this.registry],
  });
  /**
   * Route labels are the matched route patterns only: the human check is asked for by a handful of
   * routes (decision 93), so the series stay few whatever is requested.
   */
  readonly challenges = new Counter({
    name: "account_challenges_total",
    help: "Human checks, by outcome (shown, solved, failed, unavailable: the provider did not answer) and route.",
    labelNames: ["outcome", "route"] as const,
    registers: [this.registry],
  });
  readonly webVitalSeconds = new Histogram({
    name: "account_web_vital_seconds",
    help: "Web vitals measured in time (FCP, FID, INP, LCP, TTFB) reported by browsers, by screen and brand.",
    labelNames: ["vital", "screen", "brand"] as const,
    buckets: TIME_BUCKETS,
    registers: [this.registry],
  });
  readonly webVitalCls = new Histogram({
    name: "account_web_vital_cls",
    help: "Cumulative layout shift reported by browsers, by screen and brand.",
    labelNames: ["screen", "brand"] as const,
    buckets: CLS_BUCKETS,
    registers: [this.registry],
  });
  readonly telemetryDropped = new Counter({
    name: "account_telemetry_events_dropped_total",
    help: "Telemetry events not stored because every address together reached TELEMETRY_LIMIT_TOTAL, or their address its share (TELEMETRY_SHARE_PER_IP), in the window.",
    registers: [this.registry],
  });
  readonly clientErrors = new Counter({
    name: "account_client_errors_total",
    help: "Error reports from browsers, by source (error, unhandledrejection, render), screen and brand.",
    labelNames: ["source", "screen", "brand"] as const,
    registers: [this.registry],
  });

  constructor(db: Db) {
    this.#countGauge("account_mail_outbox_depth", "Mails waiting in the outbox (neither sent nor given up).", () => countWaitingMail(db));
    this.#countGauge("account_logout_tokens_waiting", "Logout tokens waiting for their app (neither delivered nor given up).", () =>
      countWaitingLogoutTokens(db),
    );
    this.#mailRateGauges(db);
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * account_mail_bounce_rate and account_mail_complaint_rate{window="1h"|"24h"}: of the mails sent
   * in the window, the share that bounced (or the relay refused) and the share marked as spam, the
   * figures relays suspend a sender for (common/mail-rates.ts). Read from the database when
   * scraped, as the counts above are: prom-client collects a scrape's metrics together, so the
   * second gauge finds the first's reads under way and shares them (one count per window a scrape).
   */
  #mailRateGauges(db: Db): void {
    const windows = Object.keys(MAIL_RATE_WINDOWS) as MailRateWindow[];
    let reading: Promise<[MailRateWindow, DeliveryRates][]> | undefined;
    const rates = () => {
      reading ??= (async () => {
        const now = Date.now();
        const read: [MailRateWindow, DeliveryRates][] = [];
        for (const window of windows) read.push([window, await deliveryRatesSince(db, now - MAIL_RATE_WINDOWS[window])]);
        return read;
      })().finally(() => {
        reading = undefined;
      });
      return reading;
    };
    const rateGauge = (name: string, help: string, part: (rates: DeliveryRates) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["window"] as const,
        registers: [this.registry],
        async collect() {
          for (const [window, read] of await rates()) this.set({ window }, rateOf(part(read), read.sent));
        },
      });
    rateGauge(
      "account_mail_bounce_rate",
      `Share of the mails sent in the window (1h, 24h) that bounced or were refused, 0 to 1. Relays act on it: Amazon SES reviews a sender at ${percent(bounce.review)} (${bounce.review}) and pauses it at ${percent(bounce.pause)} (${bounce.pause}).`,
      (read) => read.bounced,
    );
    rateGauge(
      "account_mail_complaint_rate",
      `Share of the mails sent in the window (1h, 24h) that their recipient marked as spam, 0 to 1. Relays act on it: Amazon SES reviews a sender at ${percent(complaint.review)} (${complaint.review}) and pauses it at ${percent(complaint.pause)} (${complaint.pause}).`,
      (read) => read.complained,
    );
  }

  /** A gauge read from the database when scraped. */
  #countGauge(name: string, help: string, count: () => Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await count());
      },
    });
  }

  observeVital(name: VitalName, value: number, screen: string, brand: string): void {
    const label = this.screenLabel(screen);
    if (name === "CLS") this.webVitalCls.observe({ screen: label, brand }, value);
    else this.webVitalSeconds.observe({ vital: name, screen: label, brand }, value / 1000);
  }

  /**
   * Screens become label values: reports can name any path, so only the first MAX_SCREENS screens
   * of the product's shape get their own series and the rest share "other".
   */
  screenLabel(screen: string): string {
    if (this.#screens.has(screen)) return screen;
    if (!/^\/[a-z-]{1,40}(\/[a-z-]{1,40})?$/.test(screen) || this.#screens.size >= MAX_SCREENS) return "other";
    this.#screens.add(screen);
    return screen;
  }

  /** Counts one sign-in funnel step: a link requested, a sign-in, or a refusal with its code. */
  countSignInStep({ step, method, code }: Pick<SignInStep, "step" | "method" | "code">): void {
    if (step === "refused") this.signInRefusals.inc({ method, reason: code ?? "UNKNOWN" });
    else if (step === "link_requested") this.linksRequested.inc();
    else {
      this.signIns.inc({ method });
      if (method === "access_link") this.linksSpent.inc();
    }
  }
}
