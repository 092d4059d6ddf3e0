/** A spinner that respects reduced motion (web/styles.css); its label is read to screen readers. */
export function Spinner({ label }: { label: string }) {
  return <span className="spinner" role="progressbar" aria-label={label} />;
}
