import type { Kysely } from "kysely";
import { type RawBuilder, sql } from "kysely";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import { type BucketName, bucketKey, bucketsNaming } from "../../base/rate-limit-buckets.ts";
import { type Db, isPostgres } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { insertRow, reusableQuery } from "../../db/reusable-query.ts";
import type { Database } from "../../db/schema.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts in the window, this one included. */
  count: number;
  /** How long until the window opens again. */
  retryAfterMs: number;
}

/**
 * Counts one attempt under `key` in a fixed window and says whether it stays within `limit`.
 * The counter lives in the database, so every instance behind a load balancer sees the same count;
 * one atomic upsert per attempt, so concurrent attempts cannot both slip under the limit. `weight`
 * counts several at once (a telemetry batch counts its events).
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
  weight = 1,
): Promise<RateLimitResult> {
  const { rows } = await countingUpsert(sql`values (${key}, ${now}, ${weight})`, now - windowMs, now, weight).execute(db);
  return verdictOf(rows[0] as CountedRow, limit, windowMs, now);
}

/** A counter as the counting upsert answers it. */
interface CountedRow {
  count: number;
  window_start: number | string;
}

function verdictOf(row: CountedRow, limit: number, windowMs: number, now: number): RateLimitResult {
  return { allowed: row.count <= limit, count: row.count, retryAfterMs: Math.max(0, Number(row.window_start) + windowMs - now) };
}

/**
 * The counting upsert, of the row `row` gives (VALUES, or on PostgreSQL a SELECT): a new window
 * when the stored one has closed, else one more (or `weight` more) in it. countAttempt runs it
 * alone; PostgreSQL statements that count and do more in one round trip embed it. Answers the
 * count and the window's start. CAST, not `::`, so SQLite reads it too.
 */
export function countingUpsert(row: RawBuilder<unknown>, windowOpen: number, now: number, weight = 1): RawBuilder<CountedRow> {
  return sql<CountedRow>`insert into rate_limits (key, window_start, count) ${row}
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowOpen} then cast(${weight} as integer) else rate_limits.count + cast(${weight} as integer) end,
      window_start = case when rate_limits.window_start <= ${windowOpen} then cast(${now} as bigint) else rate_limits.window_start end
    returning count, window_start`;
}

/** What a good password does to one of the counters it was counted in. */
export type Settlement = readonly [action: "forget" | "uncount", key: string];

/**
 * After a good password: forgets some counters' attempts and takes one attempt back from others
 * (as forgetAttempts and uncountAttempt do each). `settlements` come in the order the attempt was
 * counted in (countEachInOrder's buckets): on PostgreSQL they are one statement that takes its
 * rows' locks in that order, as the count does, so a settle and a count of the same account under
 * way never deadlock (two statements taking the same rows in opposite orders would, and PostgreSQL
 * refuses one of them). A statement that deletes several counters at once (support clearing a
 * lockout) takes its rows in its own order and may still meet a settle so, rarely: PostgreSQL then
 * undoes the settle whole, and it is run once more. On SQLite, which writes one statement at a time,
 * a statement each.
 */
export async function settleAttempts(db: Db, settlements: readonly Settlement[]): Promise<void> {
  if (settlements.length > 1 && isPostgres(db)) {
    const statement = settlingInOrder(settlements.map(([action]) => action));
    const keys = Object.fromEntries(settlements.map(([, key], index) => [`key_${index}`, key]));
    try {
      await statement(db, keys);
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
      await statement(db, keys);
    }
    return;
  }
  for (const [action, key] of settlements) await (action === "forget" ? forgetAttempts(db, key) : uncountAttempt(db, key));
}

/** PostgreSQL's SQLSTATE for a statement it chose to undo to end a deadlock. */
const DEADLOCK_DETECTED = "40P01";

type SettledInOrder = (db: Db, keys: Record<string, string>) => Promise<unknown[]>;

/** The statement of settleAttempts for a sequence of actions, compiled once (reusableQuery). */
const settlingStatements = new Map<string, SettledInOrder>();

/**
 * One data-modifying WITH per counter, each reading the one before. PostgreSQL's documentation
 * leaves the order of a statement's WITHs open; what orders them here is the plan: each step's
 * `(select count(*) from <the step before>) >= 0` is a one-time filter over an InitPlan, run before
 * the step's own scan, so the step before runs to its end (and holds its row) before this step takes
 * its own. test/query-plans.test.ts checks the plan keeps that shape.
 */
function settlingInOrder(actions: readonly Settlement[0][]): SettledInOrder {
  const shape = actions.join(",");
  let statement = settlingStatements.get(shape);
  if (statement) return statement;
  statement = reusableQuery<Record<string, string>, unknown>(
    actions.map((_, index) => `key_${index}`),
    (db, keys) => {
      const name = (index: number) => sql.raw(`settled_${index}`);
      const steps = actions.map((action, index) => {
        const key = keys[`key_${index}`];
        const after = index === 0 ? sql`` : sql` and (select count(*) from ${name(index - 1)}) >= 0`;
        const change =
          action === "forget"
            ? sql`delete from rate_limits where key = ${key}${after} returning 1`
            : sql`update rate_limits set count = count - 1 where key = ${key} and count > 0${after} returning 1`;
        return sql`${name(index)} as (${change})`;
      });
      return { compile: () => sql`with ${sql.join(steps)} select count(*) from ${name(actions.length - 1)}`.compile(db) };
    },
  );
  settlingStatements.set(shape, statement);
  return statement;
}

/** Forgets a counter's attempts altogether (they no longer count against anyone). */
export async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Takes back one counted attempt (one that turned out not to be a failure). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

/**
 * A counter that closes at a set time instead of a window after its first attempt (a sign-in code's
 * stand-in, auth/access-link/stand-in-code.ts): its window_start holds when it closes, so the sweep,
 * which deletes a counter a window after its start, never takes it before. Starts at 0.
 */
export async function openCounterUntil(tx: Kysely<Database>, key: string, closesAt: number): Promise<void> {
  await insertRow(tx, "rate_limits", { key, window_start: closesAt, count: 0 });
}

/**
 * One more attempt on a counter openCounterUntil opened, in one statement, while it is short of
 * `most` and open: answers the attempts counted, this one included, or undefined when none could be.
 */
export async function countBeforeClosing(db: Db, key: string, most: number, now = Date.now()): Promise<number | undefined> {
  const counted = await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "+", 1) }))
    .where("key", "=", key)
    .where("count", "<", most)
    .where("window_start", ">", now)
    .returning("count")
    .executeTakeFirst();
  return counted?.count;
}

/** A counter openCounterUntil opened: its attempts and when it closes, or undefined when there is none (any more). */
export async function closingCounter(db: Kysely<Database>, key: string): Promise<{ count: number; closesAt: number } | undefined> {
  const row = await db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key).executeTakeFirst();
  return row && { count: row.count, closesAt: Number(row.window_start) };
}

/** Drops counters whose window has closed; called from the housekeeping timer. */
export function pruneRateLimits(db: Db, windowMs: number, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "rate_limits", "window_start", sql`window_start <= ${now - windowMs}`);
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Every 429 the server answers says when to come back (Retry-After, in whole seconds). */
export function tooManyAttempts(message: string, retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError("RATE_LIMITED", message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }, {}, (words) => ({
    message: words.errors.RATE_LIMITED_WAIT(minutes),
  }));
}

/** One bucket of rate-limit-buckets.ts and the values its key is made of. */
export type BucketCount = readonly [bucket: BucketName, ...parts: string[]];

/** Counts one attempt in a bucket, against the limit its setting holds. */
export function countIn(db: Db, config: Config, [bucket, ...parts]: BucketCount, now = Date.now()): Promise<RateLimitResult> {
  return countAttempt(db, bucketKey(bucket, ...parts), config.rateLimits.limits[bucket], config.rateLimits.windowMs, now);
}

/**
 * Counts one attempt in each bucket and refuses with 429 (and Retry-After) at the first one over
 * its limit. `what` completes "Too many … Please wait N minutes and try again."
 */
export async function enforceLimits(db: Db, config: Config, counts: readonly BucketCount[], what: string): Promise<void> {
  refuseOverLimit(await countEachInOrder(db, config, counts), what);
}

/** Refuses with 429 (and Retry-After) when one of the verdicts is over its limit. */
export function refuseOverLimit(verdicts: readonly RateLimitResult[], what: string): void {
  const refused = verdicts.find((verdict) => !verdict.allowed);
  if (refused) {
    throw tooManyAttempts(`Too many ${what}. Please wait ${minutesText(refused.retryAfterMs)} and try again.`, refused.retryAfterMs);
  }
}

/**
 * Counts in each bucket in turn, up to the first over its limit: the buckets after it are not
 * counted, and have no verdict. One statement on PostgreSQL, one per bucket on SQLite.
 */
export function countEachInOrder(db: Db, config: Config, counts: readonly BucketCount[]): Promise<RateLimitResult[]> {
  return counts.length > 1 && isPostgres(db) ? countInOrderAtOnce(db, config, counts) : countInOrder(db, config, counts);
}

/** countEachInOrder, a statement per bucket. */
async function countInOrder(db: Db, config: Config, counts: readonly BucketCount[]): Promise<RateLimitResult[]> {
  const verdicts: RateLimitResult[] = [];
  for (const count of counts) {
    const verdict = await countIn(db, config, count);
    verdicts.push(verdict);
    if (!verdict.allowed) break;
  }
  return verdicts;
}

/**
 * countInOrder in one PostgreSQL statement, one round trip instead of one per bucket: each
 * bucket's upsert is a data-modifying WITH that takes its row from the one before only when that
 * one stayed within its limit, so a bucket after a refused one is still not counted (an attacker's
 * refused address must not use up the allowance of the email they name).
 */
async function countInOrderAtOnce(db: Db, config: Config, counts: readonly BucketCount[], now = Date.now()): Promise<RateLimitResult[]> {
  const windowMs = config.rateLimits.windowMs;
  const buckets = counts.map(([bucket, ...parts]) => ({ key: bucketKey(bucket, ...parts), limit: config.rateLimits.limits[bucket] }));
  const values: Record<string, unknown> = { now, windowOpen: now - windowMs };
  for (const [index, { key, limit }] of buckets.entries()) {
    values[`key_${index}`] = key;
    if (index < buckets.length - 1) values[`limit_${index}`] = limit;
  }
  const [row = {}] = await countingInOrder(buckets.length)(db, values);
  // A bucket after a refused one took no row, so its columns are null: the verdicts end there.
  const verdicts: RateLimitResult[] = [];
  for (const [index, { limit }] of buckets.entries()) {
    const count = row[`count_${index}`];
    if (count === null || count === undefined) break;
    verdicts.push(verdictOf({ count, window_start: row[`window_start_${index}`] as number }, limit, windowMs, now));
  }
  return verdicts;
}

type CountedInOrder = (db: Db, values: Record<string, unknown>) => Promise<Record<string, number | null>[]>;

/** The statement of countInOrderAtOnce for a number of buckets, compiled once (reusableQuery). */
const countingStatements = new Map<number, CountedInOrder>();

function countingInOrder(buckets: number): CountedInOrder {
  let statement = countingStatements.get(buckets);
  if (statement) return statement;
  const indexes = Array.from({ length: buckets }, (_, index) => index);
  // Each bucket's limit but the last is in the statement (the next bucket counts only within it).
  const names = ["now", "windowOpen", ...indexes.map((index) => `key_${index}`), ...indexes.slice(1).map((index) => `limit_${index - 1}`)];
  statement = reusableQuery<Record<string, unknown>, Record<string, number | null>>(names, (db, values) => {
    const name = (index: number) => sql.raw(`bucket_${index}`);
    const upserts = indexes.map((index) => {
      const row =
        index === 0
          ? sql`values (${values.key_0}, ${values.now}, 1)`
          : sql`select ${values[`key_${index}`]}::text, ${values.now}::bigint, 1 from ${name(index - 1)} where ${name(index - 1)}.count <= ${values[`limit_${index - 1}`]}::bigint`;
      return sql`${name(index)} as (${countingUpsert(row, values.windowOpen as number, values.now as number)})`;
    });
    const columns = indexes.map(
      (index) =>
        sql`${name(index)}.count as ${sql.raw(`count_${index}`)}, ${name(index)}.window_start as ${sql.raw(`window_start_${index}`)}`,
    );
    const joined = indexes.slice(1).map((index) => sql`left join ${name(index)} on true`);
    const counting = sql<
      Record<string, number | null>
    >`with ${sql.join(upserts)} select ${sql.join(columns)} from ${name(0)} ${sql.join(joined, sql` `)}`;
    return { compile: () => counting.compile(db) };
  });
  countingStatements.set(buckets, statement);
  return statement;
}

/** The counters kept under an account or its email, as rows; a bucket of more parts may hold several. */
export async function countersNaming(
  db: Kysely<Database>,
  accountId: string,
  email: string,
): Promise<{ bucket: BucketName; count: number; windowStart: number }[]> {
  const buckets = bucketsNaming(accountId, email);
  const rows = await db
    .selectFrom("rate_limits")
    .select(["key", "count", "window_start"])
    .where((eb) =>
      eb.or(buckets.flatMap(({ prefix }) => [eb("key", "=", prefix), eb(sql`substr(key, 1, ${prefix.length + 1})`, "=", `${prefix}|`)])),
    )
    .execute();
  return rows.flatMap((row) => {
    const owner = buckets.find(({ prefix }) => row.key === prefix || row.key.startsWith(`${prefix}|`));
    return owner ? [{ bucket: owner.bucket, count: row.count, windowStart: Number(row.window_start) }] : [];
  });
}

/**
 * Forgets every counter kept under an account or its email: its failed passwords, its mail
 * allowances (deleting the account; support clearing a lockout). Counters of an address stay.
 */
export async function forgetCountersNaming(db: Kysely<Database>, accountId: string, email: string): Promise<void> {
  const prefixes = bucketsNaming(accountId, email).map(({ prefix }) => prefix);
  await db
    .deleteFrom("rate_limits")
    .where((eb) =>
      eb.or(prefixes.flatMap((prefix) => [eb("key", "=", prefix), eb(sql`substr(key, 1, ${prefix.length + 1})`, "=", `${prefix}|`)])),
    )
    .execute();
}
