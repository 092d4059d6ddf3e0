import { randomUUID } from "node:crypto";
import { brandForPath } from "../../common/brands/index.ts";
import { isSecretParameter, redactUrl } from "../../common/redact.ts";
import { redactUrlsIn, type TelemetryBatch, type TelemetryEvent } from "../../common/telemetry.ts";
import type { Db } from "../db/database.ts";
import type { TelemetryEventsTable } from "../db/schema.ts";
import type { Metrics } from "./metrics.ts";
import type { ExportedEvent, TelemetryExport } from "./otlp.ts";
import type { StackMapper } from "./source-maps.ts";

export interface TelemetrySinks {
  db: Db;
  metrics: Metrics;
  stacks: StackMapper;
  /** Set when OTLP export is configured. */
  otlp: TelemetryExport | undefined;
}

/** "/DSOne/Login/" → "/dsone/login": one screen, however its address was typed. */
export function screenOf(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/**
 * Stores one batch from a browser. The browser redacted already; the server does not rely on it:
 * every query value is run through the same redaction again, error text is redacted, and stacks are
 * mapped to source files. The account comes from the session cookie, never from the report.
 */
export async function storeBatch(
  sinks: TelemetrySinks,
  batch: TelemetryBatch,
  accountId: string | null,
  now = Date.now(),
): Promise<number> {
  return storeRows(
    sinks,
    batch.events.map((event) => rowFor(sinks, event, batch.session, accountId, now)),
  );
}

/** The session id of the events the server records itself (the funnel's steps): no tab's. */
export const SERVER_SESSION = "server";

/** Stores one event the server recorded itself (a funnel step), with the same redaction. */
export function storeServerEvent(
  sinks: TelemetrySinks,
  event: TelemetryEvent,
  accountId: string | null,
  now = Date.now(),
): Promise<number> {
  return storeRows(sinks, [rowFor(sinks, event, SERVER_SESSION, accountId, now)]);
}

async function storeRows(sinks: TelemetrySinks, rows: TelemetryEventsTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  await sinks.db.insertInto("telemetry_events").values(rows).execute();
  for (const row of rows) {
    const detail = row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {};
    if (row.kind === "vital" && row.value !== null) sinks.metrics.observeVital(row.name as never, row.value, row.screen, row.brand);
    if (row.kind === "error")
      sinks.metrics.clientErrors.inc({ source: row.name, screen: sinks.metrics.screenLabel(row.screen), brand: row.brand });
    sinks.otlp?.emit(exported(row, detail));
  }
  return rows.length;
}

function rowFor(
  sinks: TelemetrySinks,
  event: TelemetryEvent,
  sessionId: string,
  accountId: string | null,
  now: number,
): TelemetryEventsTable {
  // Paths can carry an email or a token (/profile/pat@example.com): stored only redacted.
  const path = redactUrl(event.path);
  const screen = screenOf(path);
  const base = {
    id: randomUUID(),
    kind: event.kind,
    session_id: sessionId,
    account_id: accountId,
    brand: brandForPath(event.path).id,
    screen,
    url: path,
    value: null as number | null,
    detail: null as string | null,
    // The server's clock: a browser's may be wrong, and retention must not be steered from outside.
    created_at: now,
  };
  switch (event.kind) {
    case "page_view": {
      const query = new URLSearchParams(
        Object.entries(event.query).map(([key, value]): [string, string] => [key, isSecretParameter(key) ? "redacted" : value]),
      ).toString();
      return { ...base, name: "page_view", url: redactUrl(query ? `${event.path}?${query}` : event.path) };
    }
    case "vital":
      return { ...base, name: event.name, value: event.value };
    case "funnel":
      return {
        ...base,
        name: event.step,
        detail: JSON.stringify({ ...(event.method ? { method: event.method } : {}), ...(event.code ? { code: event.code } : {}) }),
      };
    case "error": {
      const mapped = sinks.stacks.map(redactUrlsIn(event.stack ?? ""));
      return {
        ...base,
        name: event.source,
        detail: JSON.stringify({ message: redactUrlsIn(event.message), stack: mapped.stack, source: mapped.source ?? null }),
      };
    }
  }
}

function exported(row: TelemetryEventsTable, detail: Record<string, unknown>): ExportedEvent {
  return {
    kind: row.kind,
    name: row.name,
    sessionId: row.session_id,
    accountId: row.account_id,
    brand: row.brand,
    screen: row.screen,
    url: row.url,
    value: row.value,
    detail,
    at: row.created_at,
  };
}

/** Deletes events older than the retention period; called from the housekeeping timer. */
export async function pruneTelemetry(db: Db, retentionMs: number, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("telemetry_events")
    .where("created_at", "<", now - retentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
