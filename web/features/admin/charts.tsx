/**
 * Small SVG charts for the operations page, drawn here rather than with a chart library: the page
 * needs three kinds of bar and one threshold line, which a library would bring at tens of KB
 * (decision 38). Each chart is one role="img" with its figures in its label, for screen readers.
 */

export interface Bar {
  label: string;
  value: number;
  /** What is written at the bar's end (the value with its unit, a conversion). */
  text: string;
  tone?: "good" | "poor" | "neutral";
}

const ROW = 28;
const LABEL_WIDTH = 320;
const BAR_WIDTH = 260;
const TEXT_WIDTH = 130;

/** Horizontal bars, one per row; with `threshold`, a dashed line marks it ("good" at or below). */
export function BarChart({ bars, label, threshold, max }: { bars: Bar[]; label: string; threshold?: number; max?: number }) {
  const top = Math.max(max ?? 0, threshold !== undefined ? threshold * 1.5 : 0, ...bars.map((bar) => bar.value), 1e-9);
  const width = LABEL_WIDTH + BAR_WIDTH + TEXT_WIDTH;
  const height = bars.length * ROW + 8;
  const x = (value: number) => LABEL_WIDTH + (Math.min(value, top) / top) * BAR_WIDTH;
  const summary = `${label}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join("; ")}`;
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
      {bars.map((bar, index) => (
        <g key={bar.label} transform={`translate(0 ${index * ROW + 4})`}>
          <text x={LABEL_WIDTH - 8} y={ROW / 2} className="chart__label" textAnchor="end" dominantBaseline="middle">
            {bar.label}
          </text>
          <rect
            x={LABEL_WIDTH}
            y={5}
            width={Math.max(2, x(bar.value) - LABEL_WIDTH)}
            height={ROW - 10}
            className={`chart__bar chart__bar--${bar.tone ?? "neutral"}`}
          />
          <text x={x(bar.value) + 6} y={ROW / 2} className="chart__value" dominantBaseline="middle">
            {bar.text}
          </text>
        </g>
      ))}
      {threshold === undefined ? null : <line x1={x(threshold)} x2={x(threshold)} y1={0} y2={height} className="chart__threshold" />}
    </svg>
  );
}

/** One bar split into parts (the outbox's pending, retrying, sent and failed mails), with a legend. */
export function StackedBar({ parts, label }: { parts: { label: string; value: number; tone: string }[]; label: string }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  let offset = 0;
  return (
    <figure className="stacked">
      <svg
        className="chart"
        viewBox="0 0 600 24"
        role="img"
        aria-label={`${label}: ${parts.map((part) => `${part.label} ${part.value}`).join(", ")}`}
      >
        {total === 0 ? <rect x={0} y={0} width={600} height={24} className="chart__bar chart__bar--empty" /> : null}
        {parts.map((part) => {
          const width = total === 0 ? 0 : (part.value / total) * 600;
          const rect = (
            <rect key={part.label} x={offset} y={0} width={width} height={24} className={`chart__bar chart__bar--${part.tone}`} />
          );
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
