import { MAIL_RATE_THRESHOLDS, type MailRateKind, rateOf, rateStanding } from "../../../common/mail-rates.ts";
import type { OperationsReport } from "../../../common/telemetry.ts";
import { BarChart } from "./charts.tsx";

type Rates = OperationsReport["mailRates"][number];

const WINDOW_NAMES: Record<Rates["window"], { label: string; phrase: string }> = {
  "1h": { label: "Last hour", phrase: "over the last hour" },
  "24h": { label: "Last day", phrase: "over the last day" },
};

const KINDS: { kind: MailRateKind; name: string; what: string; count: (rates: Rates) => number }[] = [
  { kind: "bounce", name: "Bounces", what: "that bounced or the relay refused", count: (rates) => rates.bounced },
  { kind: "complaint", name: "Complaints", what: "that their recipient marked as spam", count: (rates) => rates.complained },
];

/** A threshold as written: 0.001 as "0.1%". */
const line = (rate: number) => `${Number((rate * 100).toPrecision(3))}%`;

/** A measured rate, with the precision its lines need: complaints are read in tenths of a percent. */
function measured(rate: number): string {
  if (rate === 0) return "0%";
  return `${(rate * 100).toFixed(rate < 0.01 ? 2 : 1)}%`;
}

/**
 * The mail's bounce and complaint rates over the last hour and the last day (whatever the page's
 * period), against the lines where a relay reviews and pauses a sender (common/mail-rates.ts): a
 * paused sender sends nobody a sign-in link. A rate at or past review is a warning and one at or
 * past pause an alarm, each said in words above the charts and beside its bar, not by colour alone.
 */
export function MailRates({ rates }: { rates: OperationsReport["mailRates"] }) {
  const alerts = KINDS.flatMap(({ kind, name, count }) =>
    rates.flatMap((window) => {
      const rate = rateOf(count(window), window.sent);
      const standing = rateStanding(kind, rate);
      if (standing === "fine") return [];
      const { review, pause } = MAIL_RATE_THRESHOLDS[kind];
      return [
        {
          key: `${kind} ${window.window}`,
          standing,
          text:
            standing === "pause"
              ? `${name} ${WINDOW_NAMES[window.window].phrase}: ${measured(rate)} of ${window.sent} mails sent, at or past ${line(pause)}, where a relay pauses the sender and no sign-in mail goes out.`
              : `${name} ${WINDOW_NAMES[window.window].phrase}: ${measured(rate)} of ${window.sent} mails sent, at or past ${line(review)}, where a relay reviews the sender.`,
        },
      ];
    }),
  );
  return (
    <section aria-labelledby="ops-mail-rates">
      <h2 id="ops-mail-rates">Mail bounces and complaints</h2>
      <p>
        Of the mails sent over the last hour and the last day, whatever the period above: relays such as Amazon SES review a sender whose
        rates climb, then pause it.
      </p>
      {alerts.length === 0 ? (
        <p>Both rates are below where a relay reviews a sender.</p>
      ) : (
        <ul className="ops__mail-alerts">
          {alerts.map((alert) => (
            <li key={alert.key} className={`ops__mail-alert ops__mail-alert--${alert.standing}`}>
              <strong>{alert.standing === "pause" ? "Alarm:" : "Warning:"}</strong> {alert.text}
            </li>
          ))}
        </ul>
      )}
      {KINDS.map(({ kind, name, what, count }) => {
        const { review, pause } = MAIL_RATE_THRESHOLDS[kind];
        return (
          <figure key={kind} className="ops__chart">
            <figcaption>
              {name}: the mails {what}. A relay reviews the sender at {line(review)} (dashed line) and pauses it at {line(pause)} (solid
              line)
            </figcaption>
            <BarChart
              label={`${name} of the mails sent`}
              marks={[
                { value: review, line: "dashed" },
                { value: pause, line: "solid" },
              ]}
              bars={rates.map((window) => {
                const rate = rateOf(count(window), window.sent);
                const standing = rateStanding(kind, rate);
                const label = `${WINDOW_NAMES[window.window].label} (${window.sent} sent)`;
                if (window.sent === 0) return { label, value: 0, text: "no mail sent", tone: "neutral" as const };
                return {
                  label,
                  value: rate,
                  text:
                    standing === "pause"
                      ? `${measured(rate)}: alarm, at or past pause`
                      : standing === "review"
                        ? `${measured(rate)}: warning, at or past review`
                        : `${measured(rate)}: below review`,
                  tone: standing === "pause" ? ("poor" as const) : standing === "review" ? ("warn" as const) : ("good" as const),
                };
              })}
            />
          </figure>
        );
      })}
    </section>
  );
}
