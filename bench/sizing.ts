import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { measureMailBurst } from "./mail-burst.ts";
import { measureOperations, type OperationsRun } from "./operations.ts";
import { measurePasswordLogins } from "./password-logins.ts";
import { startPostgresAsTheTestsDo } from "./postgres.ts";
import { describeRoundTrip, measureRoundTrip } from "./round-trip-statements.ts";
import { measureServerFootprint, measureSessionCheck } from "./session-check.ts";

/**
 * `npm run sizing`: the operator's sizing table (docs/operations/sizing.md), from the benches'
 * own measurements on this machine, on PostgreSQL; and, for each figure, how it compares with the
 * table committed before (a move beyond MOVED is flagged). Needs PostgreSQL (TEST_POSTGRES_URL, or
 * the machine's cluster, which `npm run sizing` starts as the tests do).
 */
const SIZING_DOC = join(import.meta.dirname, "..", "docs", "operations", "sizing.md");
/** A figure that moved by more than this share since the committed table is flagged. */
const MOVED = 0.15;

interface Figure {
  key: string;
  what: string;
  value: number;
  unit: string;
  /** What the figure says to an operator, e.g. how many of it one core takes. */
  note: string;
}

const FIGURES_MARK = "sizing-figures";

/** The figures a sizing document carries (in a comment, as JSON), or none. */
function figuresIn(markdown: string): Record<string, number> {
  const found = markdown.match(new RegExp(`<!-- ${FIGURES_MARK} (\\{.*?\\}) -->`, "s"));
  return found ? (JSON.parse(found[1] as string) as Record<string, number>) : {};
}

/** Each figure beside its committed value, flagged when it moved by more than MOVED. */
function compareFigures(figures: Figure[], before: Record<string, number>): string[] {
  return figures.map((figure) => {
    const old = before[figure.key];
    const now = format(figure.value);
    if (old === undefined) return `  ${figure.what}: ${now} ${figure.unit} (new)`;
    const change = old === 0 ? (figure.value === 0 ? 0 : Number.POSITIVE_INFINITY) : figure.value / old - 1;
    // A figure the table prints the same did not move, whatever its last digits (0 -> 0.0004 commits).
    const moved = Math.abs(change) > MOVED && format(old) !== now;
    const sign = change >= 0 ? "+" : "";
    return `  ${moved ? "MOVED " : ""}${figure.what}: ${format(old)} -> ${now} ${figure.unit} (${sign}${(change * 100).toFixed(0)}%)`;
  });
}

function format(value: number): string {
  if (value >= 100) return String(Math.round(value));
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2).replace(/0$/, "");
}

async function machine(): Promise<string> {
  const cores = cpus();
  let postgres = "PostgreSQL: unknown";
  const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
    postgres = `PostgreSQL ${rows[0]?.v.split(" ")[0]}`;
  } finally {
    await client.end();
  }
  return `${cores.length} cores (${cores[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Linux, Node ${process.versions.node}, ${postgres} on the same machine`;
}

const opRate = (run: OperationsRun, name: string) => run.operations.find((op) => op.name === name);

async function measureSizing(seconds: number): Promise<{ figures: Figure[]; machine: string }> {
  const operations = await measureOperations("postgres", Number(process.env.BENCH_OPERATIONS ?? 200));
  const session = await measureSessionCheck("postgres", 1, seconds);
  const [, burst] = await measureMailBurst("postgres", 1, 200, Number(process.env.BENCH_BURST ?? 1_000));
  const footprint = await measureServerFootprint(seconds);
  const passwords = await measurePasswordLogins(Math.min(seconds, 5));
  const op = (name: string) => {
    const found = opRate(operations, name);
    if (!found) throw new Error(`the operations bench measured no ${name}`);
    return found;
  };
  const password = op("password sign-in");
  const link = op("link sign-in: asked, mailed, opened");
  const check = op("session check, signed in");
  const exchange = op("OpenID code exchange");
  const refresh = op("OpenID token refresh");
  const authorization = op("OpenID authorization (code issued)");
  const perCore = (rate: number, what: string) => `one core for every ${format(rate)} ${what} a second`;
  const figures: Figure[] = [
    {
      key: "passwordPerCore",
      what: "Password sign-ins",
      value: password.perCpuSecond,
      unit: "per core-second",
      note: `${perCore(password.perCpuSecond, "password sign-ins")}; argon2id alone allows ${format(passwords.floorPerCpuSecond)} (bench/password-logins.ts)`,
    },
    {
      key: "linkPerCore",
      what: "Link sign-ins (asked, mailed, opened)",
      value: link.perCpuSecond,
      unit: "per core-second",
      note: `${perCore(link.perCpuSecond, "link sign-ins")}, the mail's encryption and delivery included`,
    },
    {
      key: "sessionPerCore",
      what: "Session checks (signed in)",
      value: session.signedIn.perCpuSecond,
      unit: "per core-second",
      note: `under autocannon, 10 connections (bench/session-check.ts); ${format(session.signedIn.result.requests.average)} a second of wall time on this machine`,
    },
    {
      key: "authorizationPerCore",
      what: "OpenID authorizations (a signed-in browser to its code)",
      value: authorization.perCpuSecond,
      unit: "per core-second",
      note: "each app sign-in takes one, then a code exchange",
    },
    {
      key: "codeExchangePerCore",
      what: "OpenID code exchanges",
      value: exchange.perCpuSecond,
      unit: "per core-second",
      note: "a desktop agent's: PKCE, DPoP proof, ID, access and refresh tokens",
    },
    {
      key: "refreshPerCore",
      what: "OpenID token refreshes",
      value: refresh.perCpuSecond,
      unit: "per core-second",
      note: "a desktop agent's, with its DPoP proof; the refresh token is rotated",
    },
    {
      key: "idleMb",
      what: "Memory per instance, idle",
      value: footprint.idleMb,
      unit: "MB resident",
      note: "configured for production, settled after start",
    },
    {
      key: "afterLoadMb",
      what: "Memory per instance, after a load run",
      value: footprint.afterLoadMb,
      unit: "MB resident",
      note: `after ${footprint.afterLoadRequests} session checks in ${seconds} s`,
    },
    {
      key: "peakMb",
      what: "Memory per instance, at most under the sign-ins above",
      value: operations.peakMb,
      unit: "MB resident",
      note: "sampled every 100 ms while the operations above ran on PostgreSQL",
    },
    ...(
      [
        ["password", "a password sign-in", password],
        ["link", "a link sign-in", link],
        ["session", "a session check", check],
        ["authorization", "an OpenID authorization", authorization],
        ["codeExchange", "a code exchange", exchange],
        ["refresh", "a token refresh", refresh],
      ] as const
    ).flatMap(([key, what, cost]) => [
      {
        key: `${key}Statements`,
        what: `PostgreSQL statements per ${what.replace(/^an? /, "")}`,
        value: cost.statements ?? Number.NaN,
        unit: "statements",
        note: "counted on the wire; begin and commit aside",
      },
      {
        key: `${key}Commits`,
        what: `PostgreSQL commits that write, per ${what.replace(/^an? /, "")}`,
        value: cost.commits ?? Number.NaN,
        unit: "commits",
        note: "each a flush of PostgreSQL's log: a transaction with a write, or a write run alone",
      },
    ]),
    {
      key: "idleStatementsPerSecond",
      what: "PostgreSQL statements per second of an idle instance",
      value: operations.idleStatementsPerSecond ?? Number.NaN,
      unit: "statements/s",
      note: "its timers: the outbox, sweeps, key reloads",
    },
    {
      key: "mailsPerSecond",
      what: "Mails per second per instance, relay taking 200 ms a mail",
      value: burst.mailsPerSecond,
      unit: "mails/s",
      note: `${burst.requests} access links asked for at once, the burst after a first one (bench/mail-burst.ts); MAIL_CONCURRENCY 32`,
    },
  ];
  return { figures, machine: await machine() };
}

function sizingDocument(figures: Figure[], machineFacts: string, date: string): string {
  const rows = figures.map((figure) => `| ${figure.what} | ${format(figure.value)} ${figure.unit} | ${figure.note} |`);
  const json = JSON.stringify(Object.fromEntries(figures.map((figure) => [figure.key, Number(figure.value.toPrecision(4))])));
  return `# Sizing

What one instance of the account server does with a core, how much memory it takes, and what it
asks of PostgreSQL per sign-in; measured by the project's own benches, regenerated by
\`npm run sizing\` (which also prints how each figure moved since this table was committed, and
flags a move beyond ±${MOVED * 100}%).

Measured ${date} on ${machineFacts}. The load generator, the server, PostgreSQL and the mail sink
share those cores, and the machine is shared with other work, so wall-clock rates move from run
to run: the figures per core are each operation's count over the **CPU time the server process
used** (all its threads, from \`/proc\`), which depends far less on what else runs. PostgreSQL's
own CPU is not in them (its cluster is shared here); its work is given as statements and commits
per operation instead, counted on the wire between the server and PostgreSQL (bench/pg-wire-counter.ts:
the test role has neither pg_stat_statements nor the right to log every statement, and
pg_stat_database's counters arrive up to ten seconds late and do not say which commits wrote). Expect a figure to move by ±15% between two runs on this machine; plan with
headroom.

| What | Figure | What it means |
| --- | --- | --- |
${rows.join("\n")}

## Reading it

- **Cores.** Divide the peak rate you expect by the figure per core-second, per kind of request,
  and add them up: that is the server's CPU. Give PostgreSQL its own cores; a password sign-in is
  mostly the argon2id check (about 19 MB and two passes per verification), which no database
  helps.
- **Instances.** Each instance is one Node.js process using one core for requests, plus a mail
  delivery thread. Run at least two behind the balancer (see [upgrade.md](upgrade.md)), and one
  more per core the table says you need.
- **PostgreSQL.** Statements per operation times the rate gives the database's load; each commit
  that writes is a flush of its log (WAL) to disk, the figure to hold against the disk's write IOPS.
- **Mail.** Mails per second depend on the relay: at 200 ms a mail an instance keeps
  MAIL_CONCURRENCY (default 32) deliveries in flight over pooled connections.
- The operations were sent by 4 clients at once to one instance (bench/operations.ts); the
  session checks by autocannon on 10 connections (bench/session-check.ts); memory after a load is
  the resident set after the session-check run, configured for production.

<!-- ${FIGURES_MARK} ${json} -->
`;
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  startPostgresAsTheTestsDo();
  if (!process.env.TEST_POSTGRES_URL) throw new Error("the sizing table is measured on PostgreSQL: set TEST_POSTGRES_URL");
  const before = existsSync(SIZING_DOC) ? figuresIn(readFileSync(SIZING_DOC, "utf8")) : {};
  const { figures, machine: facts } = await measureSizing(seconds);
  console.log("Sizing figures, against the committed table:");
  for (const line of compareFigures(figures, before)) console.log(line);
  mkdirSync(dirname(SIZING_DOC), { recursive: true });
  writeFileSync(SIZING_DOC, sizingDocument(figures, facts, new Date().toISOString().slice(0, 10)));
  console.log(`Wrote ${SIZING_DOC}`);
  console.log("The OpenID round trip's statements (bench/round-trip-statements.ts):");
  for (const line of describeRoundTrip(await measureRoundTrip())) console.log(`  ${line}`);
}
