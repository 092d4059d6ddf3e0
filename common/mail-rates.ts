/**
 * The rates a mail relay watches, as a share of the mails sent in a period, and where it acts:
 * Amazon SES reviews a sender whose bounces reach 5% and pauses it at 10%, and does the same for
 * complaints at 0.1% and 0.5% (other relays and mailbox providers draw their lines near these).
 * A paused sender sends no sign-in link to anyone, so the operator must see a rate climbing long
 * before it gets there: the metrics (server/telemetry/metrics.ts) and the operations page both
 * measure against these lines.
 */
export const MAIL_RATE_THRESHOLDS = {
  /** Bounced or refused mails, of the mails sent. */
  bounce: { review: 0.05, pause: 0.1 },
  /** Mails their recipient marked as spam, of the mails sent. */
  complaint: { review: 0.001, pause: 0.005 },
} as const;

export type MailRateKind = keyof typeof MAIL_RATE_THRESHOLDS;

/** The periods the rates are measured over: the relay's own look is over the recent past. */
export const MAIL_RATE_WINDOWS = { "1h": 3_600_000, "24h": 86_400_000 } as const;

export type MailRateWindow = keyof typeof MAIL_RATE_WINDOWS;

/** Where a rate stands against its relay's lines: at or past review, at or past pause, or below both. */
export function rateStanding(kind: MailRateKind, rate: number): "fine" | "review" | "pause" {
  const { review, pause } = MAIL_RATE_THRESHOLDS[kind];
  return rate >= pause ? "pause" : rate >= review ? "review" : "fine";
}

/** A share of the mails sent, none sent being none of them. */
export function rateOf(part: number, sent: number): number {
  return sent > 0 ? part / sent : 0;
}
