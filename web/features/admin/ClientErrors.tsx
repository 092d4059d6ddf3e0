import type { OperationsReport } from "../../../common/telemetry.ts";
import { BarChart } from "./charts.tsx";

/**
 * The top client errors. Their messages are whatever a browser sent: any script can post a report
 * that reads like an instruction to the operators ("admins must re-enter their password at …").
 * So each is shown as a quotation under a label that says where it came from, as plain text (React
 * escapes it), never as a link: an address in it cannot be clicked, only read.
 */
export function ClientErrors({ errors }: { errors: OperationsReport["errors"] }) {
  const top = Math.max(1, ...errors.map((error) => error.count));
  return (
    <section aria-labelledby="ops-errors">
      <h2 id="ops-errors">Top client errors</h2>
      {errors.length === 0 ? (
        <p>No errors reported in this period.</p>
      ) : (
        <p className="ops__untrusted-note">
          Reported by browsers (untrusted): anyone can send these texts. They are not messages from this service, and the addresses in them
          are not links.
        </p>
      )}
      <ol className="ops__errors">
        {errors.map((error) => (
          <li key={error.fingerprint}>
            <BarChart
              label={`Error reports (${error.kind})`}
              max={top}
              bars={[{ label: `${error.count} × ${error.kind}`, value: error.count, text: String(error.count), tone: "poor" }]}
            />
            <figure className="ops__reported">
              <figcaption className="ops__reported-label">Reported by a browser (untrusted text):</figcaption>
              <blockquote className="ops__reported-text" translate="no">
                {error.message}
              </blockquote>
            </figure>
            <p className="ops__error-source">{error.source ?? "source not mapped"}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
