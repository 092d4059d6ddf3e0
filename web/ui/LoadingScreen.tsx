import { Spinner } from "./Spinner.tsx";

/**
 * A whole-page wait: a spinner, a header and a line of text, announced politely. The session
 * check ("{product}", "Software Is Loading...") and logout ("Logging You Out Now") use it.
 */
export function LoadingScreen({ header, text, spinnerLabel }: { header: string; text: string; spinnerLabel: string }) {
  return (
    <main className="screen screen--loading">
      <section className="loading" aria-live="polite">
        <Spinner label={spinnerLabel} />
        <h1 className="loading__header">{header}</h1>
        <p className="loading__text">{text}</p>
      </section>
    </main>
  );
}
