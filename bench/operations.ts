import * as client from "openid-client";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { BrowserAgent } from "../test/support/browser-agent.ts";
import { createTestDatabase, type DatabaseKind } from "../test/support/databases.ts";
import { proofKey } from "../test/support/dpop.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";
import { discover, startAuthorization } from "../test/support/oidc-client.ts";
import { linkIn, SmtpSink } from "../test/support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../test/support/spawn-server.ts";
import { startWireCounter, type WireCounter } from "./pg-wire-counter.ts";
import { cpuSeconds, residentMegabytes } from "./session-check.ts";

/**
 * What each kind of sign-in costs one server instance and its database: the server's CPU time per
 * operation (all its threads, from /proc, so the figure per core does not depend on how busy the
 * machine's other processes keep the wall clock), and on PostgreSQL the statements the server sent
 * and the transactions it committed that wrote (counted on the wire, bench/pg-wire-counter.ts). The server
 * runs in its own process, as `npm start` runs it; the operations are sent by 4 clients at once.
 * What an idle server does in the same time (its timers: sweeps, the outbox, key reloads) is
 * measured first and taken off.
 */
interface OperationCost {
  name: string;
  count: number;
  /** Operations per CPU-second of the server process. */
  perCpuSecond: number;
  /** PostgreSQL only: statements sent per operation (begin, commit and rollback aside). */
  statements?: number;
  /** PostgreSQL only: transactions that wrote, committed per operation (each a flush of its log). */
  commits?: number;
}

export interface OperationsRun {
  database: DatabaseKind;
  operations: OperationCost[];
  /** The server's resident memory settled after start, and the most seen while the operations ran. */
  idleMb: number;
  peakMb: number;
  /** What the idle server sends its database each second (PostgreSQL). */
  idleStatementsPerSecond?: number;
  idleCommitsPerSecond?: number;
}

const PASSWORD = "bench-operations-1";
const CLIENTS = 4;

/** Runs `work(i)` for i in 0..count-1 on CLIENTS clients at once. */
async function spread(count: number, work: (index: number, client: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, clientIndex) => {
      while (next < count) await work(next++, clientIndex);
    }),
  );
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The session cookie a response set, as a cookie header. */
function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((entry) => /^(__Host-)?session=/.test(entry));
  if (!line) throw new Error("no session cookie was set");
  return line.split(";")[0] as string;
}

export async function measureOperations(kind: DatabaseKind, count = Number(process.env.BENCH_OPERATIONS ?? 200)): Promise<OperationsRun> {
  const database = await createTestDatabase(kind);
  const sink = await new SmtpSink().start();
  let relay: WireCounter | undefined;
  let server: SpawnedServer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const linkEmails = Array.from({ length: count }, (_, index) => `link-${index}@example.com`);
    const { db } = await openDatabase(database.url);
    await createAccount(db, { email: "bench-password@example.com", password: PASSWORD, product: "dsone" });
    for (const email of linkEmails) await createAccount(db, { email, product: "dsone" });
    await db.destroy();

    if (kind === "postgres") {
      relay = await startWireCounter(database.url);
    }
    server = await spawnServer({
      DATABASE_URL: relay?.url ?? database.url,
      SMTP_URL: sink.url,
      LOG_LEVEL: "error",
      ...unlimitedRateLimits(),
    });
    const { url, pid } = server;
    let peakMb = 0;
    sampler = setInterval(() => {
      peakMb = Math.max(peakMb, residentMegabytes(pid));
    }, 100);

    // Settled: what the server does on its own, per second, to be taken off each measurement.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleMb = residentMegabytes(pid);
    const idleStarted = performance.now();
    const idleBefore = { cpu: cpuSeconds(pid), wire: relay?.counts() };
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleAfter = { cpu: cpuSeconds(pid), wire: relay?.counts() };
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idle = {
      cpu: (idleAfter.cpu - idleBefore.cpu) / idleSeconds,
      statements: ((idleAfter.wire?.statements ?? 0) - (idleBefore.wire?.statements ?? 0)) / idleSeconds,
      commits: ((idleAfter.wire?.writeCommits ?? 0) - (idleBefore.wire?.writeCommits ?? 0)) / idleSeconds,
    };

    const operations: OperationCost[] = [];
    /** Measures `run`, which performs `amount` operations; `settle` waits for work it leaves behind (mail). */
    const measure = async (name: string, amount: number, run: () => Promise<void>, settle?: () => Promise<void>) => {
      const started = performance.now();
      const before = { cpu: cpuSeconds(pid), wire: relay?.counts() };
      await run();
      await settle?.();
      const cpuAfter = cpuSeconds(pid);
      const wireAfter = relay?.counts();
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuAfter - before.cpu - idle.cpu * seconds;
      const cost: OperationCost = { name, count: amount, perCpuSecond: amount / cpu };
      if (relay && wireAfter && before.wire) {
        // Taking the idle rate off can leave a little less than nothing where the operation adds nothing.
        cost.statements = Math.max(0, (wireAfter.statements - before.wire.statements - idle.statements * seconds) / amount);
        cost.commits = Math.max(0, (wireAfter.writeCommits - before.wire.writeCommits - idle.commits * seconds) / amount);
      }
      operations.push(cost);
      return cost;
    };
    const post = (path: string, body: unknown, cookie?: string) =>
      fetch(`${url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    // Warm-up, not counted: the server's first requests compile its code.
    for (let index = 0; index < 10; index++) {
      await expectOk(await post("/api/dsone/password-login", { Email: "bench-password@example.com", Password: PASSWORD }), "login");
      await expectOk(await fetch(`${url}/api/dsone/session`), "session check");
    }

    // The access links' mails (a password sign-in may mail its own notice).
    const linkMails = () => sink.messages.filter((mail) => linkEmails.includes(mail.to[0] ?? ""));
    const cookies: string[] = [];
    await measure("password sign-in", count, () =>
      spread(count, async () => {
        const answer = await post("/api/dsone/password-login", {
          Email: "bench-password@example.com",
          Password: PASSWORD,
          ReturnUrl: null,
        });
        await expectOk(answer, "password sign-in");
        cookies.push(sessionCookie(answer));
      }),
    );

    const requested = await measure(
      "access link asked for, its mail sent",
      count,
      () =>
        spread(count, async (index) => {
          const answer = await expectOk(await post("/api/access-link", { Email: linkEmails[index], ProductId: 6 }), "access link");
          if (!((await answer.json()) as { isOk?: boolean }).isOk) throw new Error("the access link was refused");
        }),
      async () => {
        const deadline = Date.now() + 120_000;
        while (linkMails().length < count) {
          if (Date.now() > deadline) throw new Error(`only ${linkMails().length} of ${count} mails arrived`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    );
    const tokens = linkMails().map((mail) => new URL(linkIn(mail, "/access-link?token=")).searchParams.get("token") as string);
    const consumed = await measure("access link opened (signed in)", count, () =>
      spread(count, async (index) => {
        await expectOk(await post("/api/access-link/consume", { token: tokens[index] }), "access link consume");
      }),
    );
    operations.push({
      name: "link sign-in: asked, mailed, opened",
      count,
      perCpuSecond: 1 / (1 / requested.perCpuSecond + 1 / consumed.perCpuSecond),
      ...(requested.statements !== undefined && consumed.statements !== undefined
        ? { statements: requested.statements + consumed.statements, commits: (requested.commits ?? 0) + (consumed.commits ?? 0) }
        : {}),
    });

    await measure("session check, signed in", count * 5, () =>
      spread(count * 5, async (index) => {
        const answer = await expectOk(
          await fetch(`${url}/api/dsone/session`, { headers: { cookie: cookies[index % cookies.length] as string } }),
          "session check",
        );
        if (!((await answer.json()) as { signedIn?: boolean }).signedIn) throw new Error("a session was not signed in");
      }),
    );

    // OpenID: a desktop agent (public client, PKCE, DPoP-bound tokens) of a customer signed in in
    // one browser: each authorization gives a code; each code is redeemed; each refresh token used once.
    // One browser per client: concurrent authorizations in one browser would share its interaction cookies.
    const browsers = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const browser = new BrowserAgent();
        await expectOk(
          await browser.request(`${url}/api/dsone/password-login`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: url },
            body: JSON.stringify({ Email: "bench-password@example.com", Password: PASSWORD }),
          }),
          "the browser's sign-in",
        );
        return browser;
      }),
    );
    const config = await discover(url, "desktop-agent");
    const redirectUri = "http://127.0.0.1:9/callback";
    const agents = await Promise.all(Array.from({ length: CLIENTS }, async () => client.getDPoPHandle(config, await proofKey())));
    const codes: { callbackUrl: URL; checks: Awaited<ReturnType<typeof startAuthorization>>["checks"]; agent: number }[] = [];
    await measure("OpenID authorization (code issued)", count, () =>
      spread(count, async (_, agent) => {
        const { url: authorizeUrl, checks } = await startAuthorization(config, redirectUri);
        const stop = await (browsers[agent] as BrowserAgent).follow(authorizeUrl, redirectUri);
        if (!stop.url.startsWith(redirectUri))
          throw new Error(`the authorization ended at ${stop.url}: ${stop.response?.status} ${await stop.response?.text()}`);
        codes.push({ callbackUrl: new URL(stop.url), checks, agent });
      }),
    );
    const refreshTokens: { token: string; agent: number }[] = [];
    await measure("OpenID code exchange", count, () =>
      spread(count, async (index) => {
        const code = codes[index] as (typeof codes)[number];
        const tokens = await client.authorizationCodeGrant(config, code.callbackUrl, code.checks, undefined, {
          DPoP: agents[code.agent],
        });
        if (!tokens.refresh_token) throw new Error("no refresh token");
        refreshTokens.push({ token: tokens.refresh_token, agent: code.agent });
      }),
    );
    await measure("OpenID token refresh", count, () =>
      spread(count, async (index) => {
        const { token, agent } = refreshTokens[index] as (typeof refreshTokens)[number];
        await client.refreshTokenGrant(config, token, undefined, { DPoP: agents[agent] });
      }),
    );
    return {
      database: kind,
      operations,
      idleMb,
      peakMb,
      ...(relay ? { idleStatementsPerSecond: idle.statements, idleCommitsPerSecond: idle.commits } : {}),
    };
  } finally {
    clearInterval(sampler);
    await server?.stop();
    await relay?.close();
    await sink.close();
    await database.drop();
  }
}

export function describeOperations(run: OperationsRun): string[] {
  const lines = run.operations.map(
    (op) =>
      `  ${op.name.padEnd(40)} ${op.perCpuSecond.toFixed(1).padStart(8)} per CPU-second of the server` +
      (op.statements !== undefined ? `; ${op.statements.toFixed(1)} statements, ${op.commits?.toFixed(1)} commits that wrote each` : ""),
  );
  lines.push(`  resident memory: ${run.idleMb.toFixed(1)} MB settled, at most ${run.peakMb.toFixed(1)} MB under these operations`);
  if (run.idleStatementsPerSecond !== undefined)
    lines.push(
      `  idle: ${run.idleStatementsPerSecond.toFixed(1)} statements and ${run.idleCommitsPerSecond?.toFixed(1)} commits that wrote a second (timers)`,
    );
  return lines;
}

if (import.meta.main) {
  const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["postgres"] : ["sqlite"];
  for (const kind of kinds) {
    console.log(`What each operation costs, ${kind}:`);
    for (const line of describeOperations(await measureOperations(kind))) console.log(line);
  }
}
