/**
 * Small charts for the operations page, made here rather than with a chart library: the page
 * needs three kinds of bar and one threshold line, which a library would bring at tens of KB
 * (decision 38). Each chart is one role="img" with its figures in its label, for screen readers.
 */

export interface Bar {
  label: string;
  value: number;
  /** What is written at the bar's end (the value with its unit, a conversion). */
  text: string;
  tone?: "good" | "warn" | "poor" | "neutral";
}

/** A line across every bar at a value: dashed (a first line, "review"), or solid (the last, "pause"). */
export interface Mark {
  value: number;
  line: "dashed" | "solid";
}

/** Where a value falls along the bar's track, in percent of its width. */
const along = (value: number, top: number) => `${(Math.min(value, top) / top) * 100}%`;

/**
 * Horizontal bars, one per row; with `threshold`, a dashed line marks it ("good" at or below), and
 * `marks` draw lines of their own (the caption says what each means). Laid out in HTML rather than
 * drawn in SVG: the labels keep their size on a phone (an SVG scaled to a phone's width shrank
 * them to half) and go above their bars there.
 */
export function BarChart({
  bars,
  label,
  threshold,
  marks = [],
  max,
}: {
  bars: Bar[];
  label: string;
  threshold?: number;
  marks?: Mark[];
  max?: number;
}) {
  const lines: Mark[] = [...(threshold !== undefined ? [{ value: threshold, line: "dashed" as const }] : []), ...marks];
  const top = Math.max(max ?? 0, ...lines.map((mark) => mark.value * 1.5), ...bars.map((bar) => bar.value), 1e-9);
  const summary = `${label}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join("; ")}`;
  return (
    <div className="chart" role="img" aria-label={summary}>
      {bars.map((bar) => (
        <div key={bar.label} className="chart__row">
          <span className="chart__label">{bar.label}</span>
          <span className="chart__track">
            <span className={`chart__bar chart__bar--${bar.tone ?? "neutral"}`} style={{ width: along(bar.value, top) }} />
            {lines.map((mark) => (
              <span
                key={`${mark.line} ${mark.value}`}
                className={`chart__threshold chart__threshold--${mark.line}`}
                style={{ insetInlineStart: along(mark.value, top) }}
              />
            ))}
          </span>
          <span className="chart__value">{bar.text}</span>
        </div>
      ))}
    </div>
  );
}

/** One bar split into parts (the outbox's pending, retrying, sent and failed mails), with a legend. */
export function StackedBar({ parts, label }: { parts: { label: string; value: number; tone: string }[]; label: string }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let offset = 0;
  return (
    <figure className="stacked">
      <svg
        className="stacked__bar"
        viewBox="0 0 600 24"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${parts.map((part) => `${part.label} ${part.value}`).join(", ")}`}
      >
        {total === 0 ? <rect x={0} y={0} width={600} height={24} className="chart__bar--empty" /> : null}
        {parts.map((part) => {
          const width = total === 0 ? 0 : (part.value / total) * 600;
          const rect = <rect key={part.label} x={offset} y={0} width={width} height={24} className={`chart__bar--${part.tone}`} />;
          offset += width;
          return rect;
        })}
      </svg>
      <figcaption className="legend">
        {parts.map((part) => (
          <span key={part.label} className="legend__item">
            <span className={`legend__swatch chart__bar--${part.tone}`} aria-hidden="true" />
            {part.label}: {part.value}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
