import { createAccount } from "../server/auth/kernel/accounts.ts";
import { startTestServer } from "../test/support/app.ts";
import type { DatabaseKind } from "../test/support/databases.ts";
import { startPostgresAsTheTestsDo } from "./postgres.ts";

/**
 * How long POST /api/access-link takes to answer for an address with an account and one without
 * (docs/decisions/0094-hide-account-existence.md), in alternating rounds (known then unknown, then
 * unknown then known, so neither always goes first), through the server's own request handling
 * (inject), with HIDE_ACCOUNT_EXISTENCE off and on. Each unknown request is for a new address, so
 * each is mailed its note: the most work that side does. Prints the median and the 95th percentile.
 *
 *   node bench/hide-account-existence.ts        (HIDE_ROUNDS=200 by default)
 */

interface Figures {
  median: number;
  p95: number;
}

interface Comparison {
  database: DatabaseKind;
  hidden: boolean;
  rounds: number;
  known: Figures;
  unknown: Figures;
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

async function measureAnswerTimes(database: DatabaseKind, hidden: boolean, rounds: number): Promise<Comparison> {
  const server = await startTestServer(database, {
    HIDE_ACCOUNT_EXISTENCE: String(hidden),
    ACCESS_LINK_LIMIT_PER_EMAIL: "100000",
    ACCESS_LINK_LIMIT_PER_IP: "100000",
  });
  try {
    await createAccount(server.db, { email: "bench-known@example.com", product: "dsone" });
    const ask = async (email: string) => {
      const started = performance.now();
      const answer = await server.app.inject({
        method: "POST",
        url: "/api/access-link",
        remoteAddress: "203.0.113.60",
        payload: { Email: email, ProductId: 6 },
      });
      const took = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`${email}: ${answer.statusCode} ${answer.body}`);
      return took;
    };
    // Warm both paths (statements prepared, templates loaded) before counting.
    for (let i = 0; i < 5; i++) await Promise.all([ask("bench-known@example.com"), ask(`bench-warm-${i}@example.com`)]);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const stranger = `bench-unknown-${round}@example.com`;
      if (round % 2 === 0) {
        known.push(await ask("bench-known@example.com"));
        unknown.push(await ask(stranger));
      } else {
        unknown.push(await ask(stranger));
        known.push(await ask("bench-known@example.com"));
      }
    }
    return { database, hidden, rounds, known: figures(known), unknown: figures(unknown) };
  } finally {
    await server.stop();
  }
}

function describeAnswerTimes(run: Comparison): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `  ${run.database.padEnd(8)} HIDE_ACCOUNT_EXISTENCE=${String(run.hidden).padEnd(5)} ${run.rounds} rounds: known median ${ms(run.known.median)}, p95 ${ms(run.known.p95)}; unknown median ${ms(run.unknown.median)}, p95 ${ms(run.unknown.p95)}`;
}

if (import.meta.main) {
  startPostgresAsTheTestsDo();
  const rounds = Number(process.env.HIDE_ROUNDS ?? 200);
  console.log("POST /api/access-link answer times, known vs unknown address, alternating rounds:");
  const databases: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
  for (const database of databases)
    for (const hidden of [false, true]) console.log(describeAnswerTimes(await measureAnswerTimes(database, hidden, rounds)));
  if (!process.env.TEST_POSTGRES_URL)
    console.log("  PostgreSQL: skipped (set TEST_POSTGRES_URL: bash scripts/ensure-postgres.sh prints it)");
}
