import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { brandForPath } from "../../common/brands/index.ts";
import { isSecretParameter, redactUrl } from "../../common/redact.ts";
import { redactUrlsIn, type TelemetryBatch, type TelemetryEvent } from "../../common/telemetry.ts";
import { countAttempt, countingUpsert } from "../auth/rate-limit.ts";
import { bucketKey } from "../auth/rate-limit-buckets.ts";
import { BatchedWrites } from "../db/batched-writes.ts";
import { type Db, isPostgres } from "../db/database.ts";
import { deleteInBatches, type SweepCost } from "../db/retention.ts";
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
  /** The most events stored per window from every address together (TELEMETRY_LIMIT_TOTAL). */
  cap: { limit: number; windowMs: number };
  /** Stores the server's own events (storeServerEvent) in batches: one each per sign-in request. */
  serverEvents: BatchedWrites<TelemetryEventsTable, undefined>;
}

/**
 * The sinks, with the writer of the server's own events: every sign-in request stores a funnel
 * step, so a burst of sign-ins stores its steps together, one statement while the last is written.
 */
export function telemetrySinks(parts: Omit<TelemetrySinks, "serverEvents">): TelemetrySinks {
  const sinks: TelemetrySinks = {
    ...parts,
    serverEvents: new BatchedWrites(async (rows) => {
      await storeRows(sinks, rows);
      return rows.map(() => undefined);
    }),
  };
  return sinks;
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

/**
 * Stores one event the server recorded itself (a funnel step), with the same redaction, together
 * with those recorded beside it; answers once the batch is stored or, past the cap, counted as dropped.
 */
export function storeServerEvent(
  sinks: TelemetrySinks,
  event: TelemetryEvent,
  accountId: string | null,
  now = Date.now(),
): Promise<undefined> {
  return sinks.serverEvents.add(rowFor(sinks, event, SERVER_SESSION, accountId, now));
}

/**
 * Stores the rows the total cap still has room for and counts the rest as dropped. The room is
 * taken with one atomic upsert on a counter every instance shares (the rate-limit table), so two
 * instances cannot both fill the last places. The server's funnel steps count too: refusals can be
 * provoked from anywhere; Prometheus counts every sign-in whether or not its row is stored.
 */
async function storeRows(sinks: TelemetrySinks, offered: readonly TelemetryEventsTable[]): Promise<number> {
  if (offered.length === 0) return 0;
  const { limit, windowMs } = sinks.cap;
  const postgres = isPostgres(sinks.db);
  const count = postgres
    ? await countAndStoreAtOnce(sinks.db, offered, limit, windowMs)
    : (await countAttempt(sinks.db, bucketKey("telemetryTotal"), limit, windowMs, Date.now(), offered.length)).count;
  const room = roomFor(offered.length, limit, count);
  const rows = offered.slice(0, room);
  if (room < offered.length) sinks.metrics.telemetryDropped.inc(offered.length - room);
  if (rows.length === 0) return 0;
  if (!postgres) await sinks.db.insertInto("telemetry_events").values(rows).execute();
  for (const row of rows) {
    const detail = row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {};
    if (row.kind === "vital" && row.value !== null) sinks.metrics.observeVital(row.name as never, row.value, row.screen, row.brand);
    if (row.kind === "error")
      sinks.metrics.clientErrors.inc({ source: row.name, screen: sinks.metrics.screenLabel(row.screen), brand: row.brand });
    sinks.otlp?.emit(exported(row, detail));
  }
  return rows.length;
}

/** How many of `offered` rows fit under the cap, given the count with them counted. */
function roomFor(offered: number, limit: number, count: number): number {
  return Math.max(0, Math.min(offered, limit - (count - offered)));
}

/**
 * The cap's count and the rows it has room for, in one PostgreSQL statement: the server's funnel
 * step is stored on every sign-in request, and a burst of them is bound by round trips. The rows
 * travel as one JSON array that json_populate_recordset turns into the table's own row type, and
 * the first ones the cap has room for are inserted. Answers the count, as countAttempt does.
 */
async function countAndStoreAtOnce(db: Db, offered: readonly TelemetryEventsTable[], limit: number, windowMs: number): Promise<number> {
  const now = Date.now();
  const n = offered.length;
  const counting = countingUpsert(sql`values (${bucketKey("telemetryTotal")}, ${now}::bigint, ${n}::integer)`, now - windowMs, now, n);
  const { rows } = await sql<{ count: number }>`with cap as (${counting}),
    stored as (
      insert into telemetry_events
      select * from json_populate_recordset(null::telemetry_events, ${JSON.stringify(offered)}::json)
      limit (select greatest(0, least(${n}::bigint, ${limit}::bigint - (count - ${n}::bigint))) from cap)
    )
    select count from cap`.execute(db);
  return Number(rows[0]?.count);
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
    fingerprint: null as string | null,
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
      const message = redactUrlsIn(event.message);
      return {
        ...base,
        name: event.source,
        detail: JSON.stringify({ message, stack: mapped.stack, source: mapped.source ?? null }),
        fingerprint: errorFingerprint(event.source, message, mapped.source ?? topFrame(mapped.stack)),
      };
    }
  }
}

/**
 * One error's identity for grouping: its kind, its message with numbers and spacing evened out
 * ("id 123" and "id 456" are one error), and the frame it was thrown in (the mapped source file when
 * there is one). Hashed, so the column is short and the same size for every report.
 */
export function errorFingerprint(kind: string, message: string, frame: string): string {
  const normalised = message.replace(/\d+/g, "0").replace(/\s+/g, " ").trim().slice(0, 300);
  return createHash("sha256").update(`${kind}\n${normalised}\n${frame}`).digest("base64url").slice(0, 22);
}

/** The first frame of a stack: a V8 "at …" line or a Firefox/Safari "name@address" line. */
function topFrame(stack: string): string {
  for (const line of stack.split("\n")) {
    const frame = line.trim();
    if (frame.startsWith("at ") || frame.includes("@")) return frame.slice(0, 300);
  }
  return "";
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
export async function pruneTelemetry(db: Db, retentionMs: number, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "telemetry_events", "created_at", sql`created_at < ${now - retentionMs}`);
}
