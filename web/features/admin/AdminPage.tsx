import { useEffect, useState } from "react";
import {
  ADMIN_PERIOD_DAYS,
  ADMIN_REPORT_ENDPOINT,
  ADMIN_SCREEN,
  GOOD_VITALS,
  type OperationsReport,
  VITALS,
  type VitalName,
} from "../../../common/telemetry.ts";
import { HttpError, requestJson } from "../../api/http.ts";
import { ClientErrors } from "./ClientErrors.tsx";
import { BarChart, StackedBar } from "./charts.tsx";
import { HumanChecks } from "./HumanChecks.tsx";
import { MailRates } from "./MailRates.tsx";
import { Refused } from "./Refused.tsx";
import "./admin.css";

type State = { kind: "loading" } | { kind: "refused"; message: string } | { kind: "failed" } | { kind: "ready"; report: OperationsReport };

const STEP_NAMES = {
  screen_shown: "Sign-in screen shown",
  link_requested: "Link requested",
  link_opened: "Link opened",
  signed_in: "Signed in",
};
const METHOD_NAMES = {
  access_link: "access link",
  password: "password",
  google: "Google",
  microsoft: "Microsoft",
  passkey: "passkey",
  approval: "link approved on another device",
};

function vitalText(name: VitalName, value: number): string {
  return name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
}

function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–";
}

/**
 * /admin: the operations page (decision 36), for signed-in admins. Web vitals per screen and
 * brand against the "good" thresholds, the sign-in funnel, the human checks, the top client errors and the outbox,
 * for the last day, week or month; and the mail's bounce and complaint rates over the last hour and
 * day against the relay's lines. Its code is a chunk of its own, loaded only here.
 */
export default function AdminPage() {
  const [days, setDays] = useState<number>(7);
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    setState({ kind: "loading" });
    requestJson<OperationsReport>("GET", `${ADMIN_REPORT_ENDPOINT}?days=${days}`).then(
      (report) => current && setState({ kind: "ready", report }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof HttpError && (error.status === 401 || error.status === 403))
          setState({ kind: "refused", message: error.message });
        else setState({ kind: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [days]);

  if (state.kind === "refused") {
    return <Refused title="Operations" message={state.message} screen={ADMIN_SCREEN} />;
  }

  return (
    <main className="ops" aria-busy={state.kind === "loading"}>
      <h1>Operations</h1>
      <label className="ops__period">
        Period{" "}
        <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {ADMIN_PERIOD_DAYS.map((option) => (
            <option key={option} value={option}>
              {option === 1 ? "Last day" : `Last ${option} days`}
            </option>
          ))}
        </select>
      </label>
      {state.kind === "failed" ? <p role="alert">The figures could not be loaded. Please try again in a moment.</p> : null}
      {state.kind === "ready" ? <Report report={state.report} /> : null}
    </main>
  );
}

function Report({ report }: { report: OperationsReport }) {
  return (
    <>
      <Vitals vitals={report.vitals} />
      <Funnel report={report} />
      <HumanChecks challenges={report.challenges} />
      <ClientErrors errors={report.errors} />
      <Outbox outbox={report.outbox} />
      <MailRates rates={report.mailRates} />
      <LogoutTokens logoutTokens={report.logoutTokens} />
    </>
  );
}

/** Each web vital's 75th percentile by screen and brand, against its "good" line. */
function Vitals({ vitals }: { vitals: OperationsReport["vitals"] }) {
  return (
    <section aria-labelledby="ops-vitals">
      <h2 id="ops-vitals">Web vitals (75th percentile)</h2>
      {vitals.length === 0 ? <p>No measurements in this period.</p> : null}
      {VITALS.map((name) => {
        const rows = vitals.filter((vital) => vital.name === name);
        if (rows.length === 0) return null;
        return (
          <figure key={name} className="ops__chart">
            <figcaption>
              {name}: good at or below {vitalText(name, GOOD_VITALS[name])} (dashed line)
            </figcaption>
            <BarChart
              label={`${name} 75th percentile`}
              threshold={GOOD_VITALS[name]}
              bars={rows.map((row) => ({
                label: `${row.screen} · ${row.brand}`,
                value: row.p75,
                text: `${vitalText(name, row.p75)} (${row.samples})`,
                tone: row.good ? "good" : "poor",
              }))}
            />
          </figure>
        );
      })}
    </section>
  );
}

/** How many customers went from each step of a sign-in to the next, and the sign-ins refused. */
function Funnel({ report }: { report: Pick<OperationsReport, "funnel" | "refusals"> }) {
  const steps = report.funnel;
  const shown = steps.find((step) => step.step === "screen_shown")?.count ?? 0;
  const requested = steps.find((step) => step.step === "link_requested")?.count ?? 0;
  const opened = steps.find((step) => step.step === "link_opened")?.count ?? 0;
  // Each step converts from the one before it; a password sign-in comes straight from the screen.
  const previous = (step: OperationsReport["funnel"][number]) =>
    step.step === "link_requested"
      ? shown
      : step.step === "link_opened"
        ? requested
        : step.step === "signed_in"
          ? step.method === "access_link" || step.method === "approval"
            ? opened
            : shown
          : undefined;
  const funnelBars = steps.map((step) => {
    const from = previous(step);
    const name = step.method ? `${STEP_NAMES[step.step]} (${METHOD_NAMES[step.method]})` : STEP_NAMES[step.step];
    return {
      label: name,
      value: step.count,
      text: from === undefined ? String(step.count) : `${step.count} · ${percent(step.count, from)}`,
    };
  });

  return (
    <section aria-labelledby="ops-funnel">
      <h2 id="ops-funnel">Sign-in funnel</h2>
      <BarChart label="Sign-in funnel" bars={funnelBars} />
      {report.refusals.length > 0 ? (
        <>
          <h3>Refusals</h3>
          <BarChart
            label="Refused sign-ins"
            bars={report.refusals.map((refusal) => ({
              label: `${METHOD_NAMES[refusal.method as keyof typeof METHOD_NAMES] ?? refusal.method} · ${refusal.code}`,
              value: refusal.count,
              text: String(refusal.count),
              tone: "poor",
            }))}
          />
        </>
      ) : null}
    </section>
  );
}

interface Queue {
  pending: number;
  retrying: number;
  done: number;
  failed: number;
}

/** A queue's rows by state, in one bar: waiting, retrying, done (sent, delivered) and failed. */
function QueueBar({ label, queue, doneLabel }: { label: string; queue: Queue; doneLabel: string }) {
  return (
    <StackedBar
      label={label}
      parts={[
        { label: "Waiting", value: queue.pending, tone: "neutral" },
        { label: "Retrying", value: queue.retrying, tone: "warn" },
        { label: doneLabel, value: queue.done, tone: "good" },
        { label: "Failed", value: queue.failed, tone: "poor" },
      ]}
    />
  );
}

/** The mail waiting, retrying, sent and failed. */
function Outbox({ outbox }: { outbox: OperationsReport["outbox"] }) {
  return (
    <section aria-labelledby="ops-outbox">
      <h2 id="ops-outbox">Mail outbox</h2>
      <QueueBar label="Mail outbox" queue={{ ...outbox, done: outbox.sent }} doneLabel="Sent" />
    </section>
  );
}

/** The back-channel logout tokens owed to apps, and the apps not told of a sign-out. */
function LogoutTokens({ logoutTokens }: { logoutTokens: OperationsReport["logoutTokens"] }) {
  return (
    <section aria-labelledby="ops-logout-tokens">
      <h2 id="ops-logout-tokens">Logout tokens to apps</h2>
      <QueueBar label="Logout tokens to apps" queue={{ ...logoutTokens, done: logoutTokens.delivered }} doneLabel="Delivered" />
      {logoutTokens.failedApps.length > 0 ? (
        <ul>
          {logoutTokens.failedApps.map((app) => (
            <li key={app.clientId}>
              {app.clientId}: {app.count} not told of a sign-out, last{" "}
              {new Date(app.lastFailedAt).toISOString().slice(0, 16).replace("T", " ")} UTC
              {app.lastError ? ` (${app.lastError})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
