import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { brandForPath } from "../../common/brands/index.ts";
import { isSecretParameter, redactUrl } from "../../common/redact.ts";
import { redactUrlsIn, type TelemetryBatch, type TelemetryEvent } from "../../common/telemetry.ts";
import { countAttempt, countingUpsert } from "../auth/kernel/rate-limit.ts";
import { bucketKey } from "../base/rate-limit-buckets.ts";
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
  /**
   * The most events stored per window from every address together (TELEMETRY_LIMIT_TOTAL), and
   * from one address (its share, addressShare).
   */
  cap: { limit: number; windowMs: number; perAddress: number };
  /** Stores the server's own events (storeServerEvent) in batches: one each per sign-in request. */
  serverEvents: BatchedWrites<OfferedRow, undefined>;
  /** Room under the cap this instance has taken ahead of need, and until when (capLease). */
  lease: { left: number; until: number };
}

/** A row to store, and the client address whose share it counts against (null: none's). */
interface OfferedRow {
  row: TelemetryEventsTable;
  address: string | null;
}

/**
 * The most events one address may have stored per window: `percent` (TELEMETRY_SHARE_PER_IP) of
 * the total, at least one. One address flooding takes its share and no more: the rest of the
 * window's room stays for everyone else's page views, errors and funnel steps.
 */
export function addressShare(total: number, percent: number): number {
  return Math.max(1, Math.floor((total * percent) / 100));
}

/**
 * How much room an instance takes from the shared cap beyond what a write needs: a hundredth of
 * the cap (100 of the default 10,000), none under a cap of 100. Every sign-in stores a funnel step,
 * and counting each on the one counter every instance shares made that row the one every sign-in
 * of every instance wrote; now an instance writes it about once per hundred events. The cap still
 * bounds the total: room is only ever taken from the counter, and what an instance took but did
 * not use by the window's end (at most a hundredth of the cap each) is lost, never added.
 */
function capLease(limit: number): number {
  return Math.floor(limit / 100);
}

/**
 * The sinks, with the writer of the server's own events: every sign-in request stores a funnel
 * step, so a burst of sign-ins stores its steps together, one statement while the last is written.
 */
export function telemetrySinks(parts: Omit<TelemetrySinks, "serverEvents" | "lease">): TelemetrySinks {
  const sinks: TelemetrySinks = {
    ...parts,
    lease: { left: 0, until: 0 },
    serverEvents: new BatchedWrites(async (offered) => {
      await storeRows(sinks, await withinAddressShares(sinks, offered));
      return offered.map(() => undefined);
    }),
  };
  return sinks;
}

/** "/DSOne/Login/" → "/dsone/login": one screen, however its address was typed. */
export function screenOf(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/**
 * Stores one batch from a browser at `address`, as far as that address's share has room. The
 * browser redacted already; the server does not rely on it: every query value is run through the
 * same redaction again, error text is redacted, and stacks are mapped to source files. The account
 * comes from the session cookie, never from the report.
 */
export async function storeBatch(
  sinks: TelemetrySinks,
  batch: TelemetryBatch,
  accountId: string | null,
  address: string,
  now = Date.now(),
): Promise<number> {
  const offered = batch.events.map((event) => ({ row: rowFor(sinks, event, batch.session, accountId, now), address }));
  return storeRows(sinks, await withinAddressShares(sinks, offered));
}

/** The session id of the events the server records itself (the funnel's steps): no tab's. */
const SERVER_SESSION = "server";

/**
 * Stores one event the server recorded itself (a funnel step), with the same redaction, together
 * with those recorded beside it; answers once the batch is stored or, past the cap, counted as
 * dropped. With an `address`, the event counts against that address's share.
 */
export function storeServerEvent(
  sinks: TelemetrySinks,
  event: TelemetryEvent,
  accountId: string | null,
  address: string | null = null,
  now = Date.now(),
): Promise<undefined> {
  return sinks.serverEvents.add({ row: rowFor(sinks, event, SERVER_SESSION, accountId, now), address });
}

/**
 * The offered rows each address's share still has room for, in their order; the rest are counted
 * as dropped. One counting upsert per address of the batch, on a counter every instance shares.
 * Rows of no address pass: the server's own sign-ins and links asked for, which those routes'
 * limits per address already bound.
 */
async function withinAddressShares(sinks: TelemetrySinks, offered: readonly OfferedRow[]): Promise<TelemetryEventsTable[]> {
  const wanted = new Map<string, number>();
  for (const { address } of offered) if (address !== null) wanted.set(address, (wanted.get(address) ?? 0) + 1);
  const left = new Map<string, number>();
  for (const [address, count] of wanted) left.set(address, await shareLeft(sinks, address, count));
  const kept = offered.filter(({ address }) => {
    if (address === null) return true;
    const room = left.get(address) ?? 0;
    left.set(address, room - 1);
    return room > 0;
  });
  if (kept.length < offered.length) sinks.metrics.telemetryDropped.inc(offered.length - kept.length);
  return kept.map(({ row }) => row);
}

/** Counts `wanted` events against the address's share; answers how many of them it had room for. */
async function shareLeft(sinks: TelemetrySinks, address: string, wanted: number): Promise<number> {
  const { perAddress, windowMs } = sinks.cap;
  const counted = await countAttempt(sinks.db, bucketKey("telemetryEventsPerIp", address), perAddress, windowMs, Date.now(), wanted);
  return Math.max(0, Math.min(wanted, perAddress - (counted.count - wanted)));
}

/**
 * Stores the rows the total cap still has room for and counts the rest as dropped. The room is
 * taken with one atomic upsert on a counter every instance shares (the rate-limit table), so two
 * instances cannot both fill the last places; rows the instance's lease (capLease) has room for
 * are stored without it. The server's funnel steps count too: refusals can be provoked from
 * anywhere; Prometheus counts every sign-in whether or not its row is stored.
 */
async function storeRows(sinks: TelemetrySinks, offered: readonly TelemetryEventsTable[]): Promise<number> {
  if (offered.length === 0) return 0;
  const { limit, windowMs } = sinks.cap;
  const now = Date.now();
  const lease = sinks.lease;
  const leased = lease.until > now ? Math.min(lease.left, offered.length) : 0;
  lease.left -= leased;
  const needed = offered.length - leased;
  const ahead = needed > 0 ? capLease(limit) : 0;
  const postgres = isPostgres(sinks.db);
  let room = leased;
  if (postgres) {
    // The count and the rows in one statement; only the rows when the lease covers them all.
    const taken = await countAndStoreAtOnce(sinks.db, offered, { leased, needed, weight: needed + ahead, limit, windowMs, now });
    room = leased + taken.granted;
    if (needed > 0) Object.assign(lease, { left: taken.ahead, until: taken.until });
  } else if (needed > 0) {
    const counted = await countAttempt(sinks.db, bucketKey("telemetryTotal"), limit, windowMs, now, needed + ahead);
    const available = Math.max(0, limit - (counted.count - needed - ahead));
    const granted = Math.min(needed, available);
    room = leased + granted;
    Object.assign(lease, { left: Math.min(ahead, available - granted), until: now + counted.retryAfterMs });
  }
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

/**
 * The cap's count and the rows it has room for, in one PostgreSQL statement: the server's funnel
 * step is stored on every sign-in request, and a burst of them is bound by round trips. The rows
 * travel as one JSON array that json_populate_recordset turns into the table's own row type; the
 * `leased` first ones are inserted as they are, and of the `needed` others as many as the cap has
 * room for, counting `weight` (what they need and the lease taken ahead). Answers how many of the
 * needed ones went in, the room left for the lease, and when the window ends.
 */
async function countAndStoreAtOnce(
  db: Db,
  offered: readonly TelemetryEventsTable[],
  {
    leased,
    needed,
    weight,
    limit,
    windowMs,
    now,
  }: { leased: number; needed: number; weight: number; limit: number; windowMs: number; now: number },
): Promise<{ granted: number; ahead: number; until: number }> {
  const rows = sql`select * from json_populate_recordset(null::telemetry_events, ${JSON.stringify(offered)}::json)`;
  if (needed === 0) {
    await sql`insert into telemetry_events ${rows}`.execute(db);
    return { granted: 0, ahead: 0, until: 0 };
  }
  const key = bucketKey("telemetryTotal");
  const counting = countingUpsert(sql`values (${key}, ${now}::bigint, ${weight}::integer)`, now - windowMs, now, weight);
  const result = await sql<{ available: string | number; window_start: string | number }>`with cap as (${counting}),
    room as (select greatest(0, ${limit}::bigint - (count - ${weight}::bigint)) as available, window_start from cap),
    stored as (
      insert into telemetry_events ${rows}
      limit (select ${leased}::bigint + least(${needed}::bigint, available) from room)
    )
    select available, window_start from room`.execute(db);
  const available = Number(result.rows[0]?.available ?? 0);
  const granted = Math.min(needed, available);
  return { granted, ahead: Math.min(weight - needed, available - granted), until: Number(result.rows[0]?.window_start ?? 0) + windowMs };
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
    case "challenge":
      return { ...base, name: event.outcome };
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

/** An account's events, oldest first, for its data export (server/auth/account/account-export.ts). */
export function telemetryOfAccount(db: Db, accountId: string) {
  return db
    .selectFrom("telemetry_events")
    .select(["kind", "name", "screen", "brand", "created_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
}

/** When an account is deleted, its events stay as counts, no longer anyone's: inside the deletion's transaction. */
export async function forgetAccountsTelemetry(tx: Db, accountId: string): Promise<void> {
  await tx.updateTable("telemetry_events").set({ account_id: null }).where("account_id", "=", accountId).execute();
}

/** Deletes events older than the retention period; called from the housekeeping timer. */
export async function pruneTelemetry(db: Db, retentionMs: number, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "telemetry_events", "created_at", sql`created_at < ${now - retentionMs}`);
}
