import pg from "pg";

/** One statement the server ran, as PostgreSQL received it: its text and its values. */
export interface RanStatement {
  text: string;
  values: unknown[];
}

/**
 * Records every statement this process's PostgreSQL clients run while `work` runs (the server's
 * prepared ones included: they go through pg.Client's query), one of each text, with the values of
 * its first run. For EXPLAIN: a plan is what the statement would do with those values.
 */
export async function statementsOf(work: () => Promise<void>): Promise<RanStatement[]> {
  const seen = new Map<string, RanStatement>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : (first as { text?: string } | null)?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | null)?.values ?? []);
    if (typeof text === "string" && /^\s*(select|insert|update|delete|with)\b/i.test(text) && !seen.has(text))
      seen.set(text, { text, values });
    return (original as (...passed: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return [...seen.values()];
}

/** The plan PostgreSQL would run `statement` with (EXPLAIN, nothing executed), as lines of text. */
export async function planOf(client: pg.Client, { text, values }: RanStatement): Promise<string[]> {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain ${text}`, values);
  return rows.map((row) => row["QUERY PLAN"]);
}

/** The tables a plan reads in full: its Seq Scan nodes. */
export function sequentialScans(plan: string[]): string[] {
  return plan.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []);
}

/** What one round trip cost the database: its statements in order, and its commits that wrote. */
export interface RoundTripCost {
  statements: string[];
  /** The same statements with the values of each run, in order. */
  ran: RanStatement[];
  writeCommits: number;
}

const WRITE = /^\s*(insert|update|delete)\b|\bon conflict\b/i;

/**
 * Every statement this process's PostgreSQL clients run while `work` runs, in order (begin,
 * commit and rollback apart), and how many commits wrote: a write run on its own, or a
 * transaction with a write in it (each a flush of PostgreSQL's log). Statements that name a table
 * of `ignore` (the mail worker's polling and its read of the addresses it holds mail back from, and
 * the logout queue's polling, which run on their own timers) are left out.
 */
export async function costOf(
  work: () => Promise<void>,
  ignore: RegExp = /"outbox"|"logout_deliveries"|from "mail_addresses" where "email_key" in/,
): Promise<RoundTripCost> {
  const statements: string[] = [];
  const ran: RanStatement[] = [];
  let writeCommits = 0;
  const open = new Map<pg.Client, boolean>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : (first as { text?: string } | null)?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | null)?.values ?? []);
    if (typeof text === "string" && !ignore.test(text)) {
      const word = text.trim().split(/\s+/)[0]?.toLowerCase();
      if (word === "begin") open.set(this, false);
      else if (word === "commit" || word === "rollback") {
        if (word === "commit" && open.get(this)) writeCommits++;
        open.delete(this);
      } else {
        statements.push(text.replace(/\s+/g, " ").trim());
        ran.push({ text, values });
        if (WRITE.test(text)) {
          if (open.has(this)) open.set(this, true);
          else writeCommits++;
        }
      }
    }
    return (original as (...passed: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return { statements, ran, writeCommits };
}
