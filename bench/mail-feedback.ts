import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import nodemailer from "nodemailer";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { openDatabase } from "../server/db/database.ts";
import { MailKeys, mailKeysFor } from "../server/mail/body-encryption.ts";
import { MAX_REPORT_BYTES, startFeedbackServer } from "../server/mail/feedback-server.ts";
import { parseBounceAddress, taggedBounceAddress } from "../server/mail/verp.ts";
import { silentLogger, startTestServer, type TestServer } from "../test/support/app.ts";
import { createTestDatabase } from "../test/support/databases.ts";
import { unlimitedRateLimits } from "../test/support/limits.ts";

/**
 * The mail feedback listener (server/mail/feedback-server.ts, MAIL_FEEDBACK_LISTEN) at work and
 * under attack, on SQLite, in this process (the server as the tests start it):
 *
 * - Reports per CPU-second: N mails in the outbox, and for each a real RFC 3464 report as Postfix
 *   writes one (multipart/report, message/delivery-status, Action: failed, Status: 5.1.1) to its
 *   tagged bounce address, over a few pooled SMTP connections. This process's CPU (process.cpuUsage)
 *   over the run, divided into the reports: what reading and recording one costs the server.
 * - A flood: the time to answer a sign-in request (POST /api/access-link, through inject) while
 *   10,000 junk messages are sent at once (forged tags, messages that are no report, messages over
 *   the size limit) on 40 connections, against the same without; quiet and flood runs alternate,
 *   so a shared machine's changing speed weighs on both alike. The listener paces what it takes,
 *   so a flood is stopped after BENCH_FLOOD_SECONDS (30) and what was still waiting is counted.
 *   Each round also sends the same flood to the same listener code in another process on this
 *   machine: what a flood costs the sign-ins through the machine alone (its cores, the sender),
 *   apart from sharing the server's event loop.
 *
 * The messages are sent from a child process (this file, run with --sender), so that the sending
 * is not counted in the server's CPU nor run on its event loop; it still shares the machine's cores.
 * Each SMTP connection comes from an address of its own on 127.0.0.0/8, so that no address reaches
 * the listener's 1,200 reports a minute (a flood spread over many addresses, the harder case).
 */

const BOUNCE = "bounces@bounces.bench.test";
const SENDER = "--sender";

/** What the parent asks the sending child to do. */
type Job =
  | { kind: "listen"; mailKey: string; bounce: string; mailIds: string[] }
  | { kind: "reports"; port: number; groups: { from: string; recipients: string[] }[] }
  | { kind: "flood"; port: number; total: number; from: string[]; validTags: string[]; domain: string; seconds: number };

/** What the child answers: how many the listener took, how many it refused (with a few refusals' words), how many were still waiting when it stopped. */
interface Sent {
  accepted: number;
  refused: number;
  unsent: number;
  refusals: string[];
  ms: number;
  /** The sending process's own CPU over the job. */
  cpuMs: number;
}

// The sending child.

/** An RFC 3464 report as Postfix writes one, of a mail to `recipient` that the far server refused. */
function postfixReport(tag: string, recipient: string): string {
  const boundary = `${randomBytes(6).toString("hex")}.1733209200/relay.bench.test`;
  const date = new Date().toUTCString();
  return [
    `Received: by relay.bench.test (Postfix) id 4Xb2kQ0Z1Nz9sVp; ${date}`,
    `Date: ${date}`,
    "From: MAILER-DAEMON@relay.bench.test (Mail Delivery System)",
    "Subject: Undelivered Mail Returned to Sender",
    `To: ${tag}`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "Content-Transfer-Encoding: 8bit",
    `Message-Id: <${randomUUID()}@relay.bench.test>`,
    "",
    "This is a MIME-encapsulated message.",
    "",
    `--${boundary}`,
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host relay.bench.test.",
    "",
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    "",
    `<${recipient}>: host mx.example.test[192.0.2.25] said: 550 5.1.1 <${recipient}>:`,
    "    Recipient address rejected: User unknown in local recipient table (in reply",
    "    to RCPT TO command)",
    "",
    `--${boundary}`,
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; relay.bench.test",
    "X-Postfix-Queue-ID: 4Xb2kQ0Z1Nz9sVp",
    `X-Postfix-Sender: rfc822; ${tag}`,
    `Arrival-Date: ${date}`,
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "Remote-MTA: dns; mx.example.test",
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown in local recipient table`,
    "",
    `--${boundary}`,
    "Content-Description: Undelivered Message Headers",
    "Content-Type: text/rfc822-headers",
    "",
    `Return-Path: <${tag}>`,
    `From: "DS One" <no-reply@account.bench.test>`,
    `To: ${recipient}`,
    "Subject: Your DS One sign-in link",
    `Message-ID: <${randomUUID()}@account.bench.test>`,
    `Date: ${date}`,
    "MIME-Version: 1.0",
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** A pooled transport to the listener from the loopback address `from`. */
function transportFrom(port: number, from: string, connections: number) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    localAddress: from,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Number.POSITIVE_INFINITY,
    // Junk the listener refuses would otherwise be retried or logged by nodemailer; neither is wanted.
    logger: false,
  });
}

/**
 * Sends each message of `lanes` (its sender address's transport and its messages), all at once,
 * until they are all sent or `seconds` have passed (then the connections are closed and the rest
 * counted unsent); answers what came of them.
 */
async function sendAll(
  port: number,
  lanes: { from: string; messages: { to: string; raw: string }[] }[],
  connectionsEach: number,
  seconds = Number.POSITIVE_INFINITY,
): Promise<Sent> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const sent: Sent = { accepted: 0, refused: 0, unsent: 0, refusals: [], ms: 0, cpuMs: 0 };
  const transports = lanes.map(({ from }) => transportFrom(port, from, connectionsEach));
  let stopped = false;
  const stop = Number.isFinite(seconds)
    ? setTimeout(() => {
        stopped = true;
        sent.ms = performance.now() - started;
        for (const transport of transports) transport.close();
      }, seconds * 1000)
    : undefined;
  await Promise.all(
    lanes.map(async ({ messages }, lane) => {
      const transport = transports[lane] as (typeof transports)[number];
      try {
        await Promise.all(
          messages.map(async ({ to, raw }) => {
            try {
              await transport.sendMail({ envelope: { from: "", to }, raw });
              sent.accepted++;
            } catch (error) {
              if (stopped) {
                sent.unsent++;
                return;
              }
              sent.refused++;
              const said = String((error as { response?: string }).response ?? (error as Error).message);
              if (sent.refusals.length < 5 && !sent.refusals.some((known) => known.slice(0, 3) === said.slice(0, 3)))
                sent.refusals.push(said.slice(0, 120));
            }
          }),
        );
      } finally {
        transport.close();
      }
    }),
  );
  clearTimeout(stop);
  if (!stopped) sent.ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  sent.cpuMs = (used.user + used.system) / 1000;
  return sent;
}

/** Junk number `index`: a forged tag, a message that is no report (an out-of-office reply), or one over the size limit. */
function junk(index: number, job: Extract<Job, { kind: "flood" }>, oversized: string): { to: string; raw: string } {
  const tag = job.validTags[index % job.validTags.length] as string;
  switch (index % 3) {
    case 0:
      return { to: `bounces+${randomBytes(26).toString("hex")}@${job.domain}`, raw: postfixReport("x", `victim-${index}@example.test`) };
    case 1:
      return {
        to: tag,
        raw: `From: someone@example.test\r\nTo: ${tag}\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nI am away until Monday.\r\n`,
      };
    default:
      return { to: tag, raw: oversized };
  }
}

/**
 * A listener of its own in this (child) process, on a database of its own holding `mailIds`, with
 * the server's mail key: the same code, not sharing the server's event loop.
 */
async function listenElsewhere(job: Extract<Job, { kind: "listen" }>): Promise<number> {
  const database = await createTestDatabase("sqlite");
  const { db } = await openDatabase(database.url);
  const now = Date.now();
  await db
    .insertInto("outbox")
    .values(
      job.mailIds.map((id, index) => ({
        id,
        to_address: `away-${index}@example.test`,
        to_key: `away-${index}@example.test`,
        kind: "access_link",
        from_address: "no-reply@account.bench.test",
        subject: "Your DS One sign-in link",
        text_body: "",
        html_body: "",
        created_at: now,
        next_attempt_at: now,
        sent_at: now,
      })),
    )
    .execute();
  const keys = new MailKeys([Buffer.from(job.mailKey, "base64")]);
  const listener = await startFeedbackServer(
    db,
    { host: "127.0.0.1", port: 0, bounce: parseBounceAddress(job.bounce), keys },
    silentLogger(),
  );
  process.on("disconnect", () => void listener.close().then(() => database.drop()));
  return listener.port;
}

async function runSender(): Promise<void> {
  process.on("message", async (job: Job) => {
    if (job.kind === "listen") {
      process.send?.({ port: await listenElsewhere(job) });
      return;
    }
    let answer: Sent;
    if (job.kind === "reports") {
      const lanes = job.groups.map(({ from, recipients }) => ({
        from,
        messages: recipients.map((to, index) => ({ to, raw: postfixReport(to, `gone-${index}@example.test`) })),
      }));
      // Two connections from each address: a few in all, as a relay's pool keeps.
      answer = await sendAll(job.port, lanes, 2);
    } else {
      const oversized = `Subject: Out of office, with the photos\r\n\r\n${"Looking forward to seeing you all on Monday.\r\n".repeat(Math.ceil((MAX_REPORT_BYTES + 64 * 1024) / 45))}`;
      const lanes = job.from.map((from) => ({ from, messages: [] as { to: string; raw: string }[] }));
      for (let index = 0; index < job.total; index++) lanes[index % lanes.length]?.messages.push(junk(index, job, oversized));
      answer = await sendAll(job.port, lanes, 1, job.seconds);
    }
    process.send?.(answer);
  });
  process.on("disconnect", () => setTimeout(() => process.exit(0), 2_000).unref());
}

// The server side.

function ask<T = Sent>(child: ChildProcess, job: Job): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once("message", (answer) => resolve(answer as T));
    child.once("exit", (code) => reject(new Error(`the sending process ended (${code})`)));
    child.send(job);
  });
}

/** Puts `count` mails in the outbox as sent, each to an address of its own; answers their ids. */
async function sentMails(server: TestServer, count: number, prefix: string): Promise<string[]> {
  const now = Date.now();
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < ids.length; start += 500) {
    await server.db
      .insertInto("outbox")
      .values(
        ids.slice(start, start + 500).map((id, offset) => ({
          id,
          to_address: `${prefix}-${start + offset}@example.test`,
          to_key: `${prefix}-${start + offset}@example.test`,
          kind: "access_link",
          from_address: "no-reply@account.bench.test",
          subject: "Your DS One sign-in link",
          text_body: "",
          html_body: "",
          created_at: now,
          next_attempt_at: now,
          sent_at: now,
        })),
      )
      .execute();
  }
  return ids;
}

/** The loopback addresses lanes come from: a block of its own for each run, so no address's minute fills. */
let block = 1;
function addresses(count: number): string[] {
  block++;
  return Array.from({ length: count }, (_, index) => `127.${Math.floor(block / 250) + 1}.${block % 250}.${index + 1}`);
}

async function outcomes(server: TestServer): Promise<Record<string, number>> {
  const metric = await server.telemetry.metrics.mailReports.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels.outcome), value.value]));
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

interface ReportRun {
  reports: number;
  recorded: number;
  wallMs: number;
  cpuMs: number;
  refused: number;
  refusals: string[];
}

/** One flood: how long it ran, what the sender heard, and the CPU of each process over it. */
interface Flood {
  ms: number;
  /** The server's process. */
  cpuMs: number;
  senderCpuMs: number;
  accepted: number;
  refused: number;
  unsent: number;
  /** Sign-ins answered meanwhile. */
  samples: number;
}

interface FloodFigures {
  junk: number;
  quiet: number[];
  /** The server process's CPU for one sign-in, in the quiet runs. */
  quietCpuMs: number;
  /** Sign-ins while the flood goes to the server's own listener. */
  here: number[];
  /** Sign-ins while the same flood goes to a listener in another process on this machine. */
  elsewhere: number[];
  floods: { here: Flood[]; elsewhere: Flood[] };
  /** What the server's own listener made of its floods (account_mail_reports_total). */
  outcomes: Record<string, number>;
  refusals: string[];
}

/** Sends `reports` real delivery reports for as many mails in the outbox, and measures this process's CPU meanwhile. */
async function reportRun(server: TestServer, child: ChildProcess, reports: number, run: number): Promise<ReportRun> {
  const ids = await sentMails(server, reports, `gone-${run}`);
  const bounce = parseBounceAddress(BOUNCE);
  const keys = mailKeysFor(server.config);
  const tags = ids.map((id) => taggedBounceAddress(bounce, keys, id));
  // At most 1,000 from one address (the listener takes 1,200 a minute from each), two connections each.
  const lanes = Math.max(2, Math.ceil(reports / 1_000));
  const from = addresses(lanes);
  const groups = from.map((address, lane) => ({ from: address, recipients: tags.filter((_, index) => index % lanes === lane) }));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sent = await ask(child, { kind: "reports", port: server.feedbackPort as number, groups });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const recorded = await server.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "in", ids.slice(0, 30_000))
    .where("delivery", "=", "bounced")
    .executeTakeFirstOrThrow();
  return {
    reports,
    recorded: Number(recorded.n),
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    refused: sent.refused,
    refusals: sent.refusals,
  };
}

/** Sign-in requests, one after another, until `until` says stop: each one's time to answer. */
async function signIns(server: TestServer, emails: string[], until: (done: number) => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; !until(index); index++) {
    const started = performance.now();
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.7",
      payload: { Email: emails[index % emails.length], ProductId: 6 },
    });
    times.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`a sign-in request answered ${answer.statusCode}: ${answer.body}`);
  }
  return times;
}

async function measureMailFeedback(
  reports = Number(process.env.BENCH_REPORTS ?? 1_000),
  junkCount = Number(process.env.BENCH_JUNK ?? 10_000),
  rounds = Number(process.env.BENCH_ROUNDS ?? 3),
  floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30),
): Promise<{ reportRuns: ReportRun[]; idleCpuPerSecond: number; flood: FloodFigures }> {
  const mailKey = randomBytes(32).toString("base64");
  const server = await startTestServer("sqlite", {
    ...unlimitedRateLimits(),
    MAIL_KEYS: mailKey,
    MAIL_BOUNCE_ADDRESS: BOUNCE,
    MAIL_FEEDBACK_LISTEN: "127.0.0.1:0",
    NEW_SIGN_IN_MAIL: "false",
  });
  const child = fork(import.meta.filename, [SENDER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const elsewhere = fork(import.meta.filename, [SENDER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    // The first run meets code V8 has not compiled yet; the second, a listener that has been running.
    const reportRuns = [await reportRun(server, child, reports, 1), await reportRun(server, child, reports, 2)];
    // What the process spends doing nothing (its timers, the mail worker's polls), which a paced
    // run of reports pays for its whole length: taken off to leave what the reports cost.
    const idleStart = process.cpuUsage();
    const idleFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleUsed = process.cpuUsage(idleStart);
    const idleCpuPerSecond = ((idleUsed.user + idleUsed.system) / 1000 / (performance.now() - idleFrom)) * 1000;

    const emails = Array.from({ length: 20 }, (_, index) => `signin-${index}@example.test`);
    for (const email of emails) await createAccount(server.db, { email, product: "dsone" });
    const bounce = parseBounceAddress(BOUNCE);
    const awayIds = await sentMails(server, 50, "away");
    const validTags = awayIds.map((id) => taggedBounceAddress(bounce, mailKeysFor(server.config), id));
    const { port: elsewherePort } = await ask<{ port: number }>(elsewhere, { kind: "listen", mailKey, bounce: BOUNCE, mailIds: awayIds });
    // Warm: the first thousands of sign-ins run faster and faster as V8 compiles their code.
    const warmUntil = performance.now() + 10_000;
    await signIns(server, emails, () => performance.now() > warmUntil);
    const before = await outcomes(server);

    const figures: FloodFigures = {
      junk: junkCount,
      quiet: [],
      quietCpuMs: 0,
      here: [],
      elsewhere: [],
      floods: { here: [], elsewhere: [] },
      outcomes: {},
      refusals: [],
    };
    let quietCpu = 0;
    /** Sign-ins while a flood goes to `port`, until the sender is done or stops. */
    const floodAt = async (port: number): Promise<{ times: number[]; flood: Flood }> => {
      let flooding = true;
      const cpu = process.cpuUsage();
      const sending = ask(child, {
        kind: "flood",
        port,
        total: junkCount,
        from: addresses(40),
        validTags,
        domain: bounce.domain,
        seconds: floodSeconds,
      });
      void sending.finally(() => {
        flooding = false;
      });
      const times = await signIns(server, emails, () => !flooding);
      const sent = await sending;
      const used = process.cpuUsage(cpu);
      for (const refusal of sent.refusals) if (!figures.refusals.includes(refusal)) figures.refusals.push(refusal);
      const { ms, cpuMs: senderCpuMs, accepted, refused, unsent } = sent;
      return {
        times,
        flood: { ms, cpuMs: (used.user + used.system) / 1000, senderCpuMs, accepted, refused, unsent, samples: times.length },
      };
    };
    for (let round = 0; round < rounds; round++) {
      // As long as a flood, for as many sign-ins.
      const quietStart = process.cpuUsage();
      const quietUntil = performance.now() + floodSeconds * 1000;
      figures.quiet.push(...(await signIns(server, emails, () => performance.now() > quietUntil)));
      const quietUsed = process.cpuUsage(quietStart);
      quietCpu += (quietUsed.user + quietUsed.system) / 1000;
      figures.quietCpuMs = quietCpu / figures.quiet.length;
      const here = await floodAt(server.feedbackPort as number);
      figures.here.push(...here.times);
      figures.floods.here.push(here.flood);
      const there = await floodAt(elsewherePort);
      figures.elsewhere.push(...there.times);
      figures.floods.elsewhere.push(there.flood);
    }
    const after = await outcomes(server);
    figures.outcomes = Object.fromEntries(Object.entries(after).map(([outcome, count]) => [outcome, count - (before[outcome] ?? 0)]));
    return { reportRuns, idleCpuPerSecond, flood: figures };
  } finally {
    child.disconnect();
    elsewhere.disconnect();
    await server.stop();
  }
}

function describeMailFeedback({ reportRuns, idleCpuPerSecond, flood }: Awaited<ReturnType<typeof measureMailFeedback>>): string[] {
  const lines = reportRuns.map((run, index) => {
    const ownMs = run.cpuMs - (idleCpuPerSecond * run.wallMs) / 1000;
    return (
      `  ${index === 0 ? "first run " : "second run"}: ${run.reports} reports, ${run.recorded} recorded, in ${(run.wallMs / 1000).toFixed(1)} s (the listener's pace); ` +
      `${(run.cpuMs / 1000).toFixed(2)} CPU-s of the server's process, ${(ownMs / 1000).toFixed(2)} less its idle cost: ` +
      `${Math.round(run.reports / (ownMs / 1000))} reports per CPU-second (${(ownMs / run.reports).toFixed(2)} ms each)` +
      `${run.refused > 0 ? `; ${run.refused} REFUSED: ${run.refusals.join(" | ")}` : ""}`
    );
  });
  lines.push(`  the server's process at idle: ${idleCpuPerSecond.toFixed(0)} ms of CPU a second`);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), count: sorted.length };
  };
  const quiet = figures(flood.quiet);
  const ratio = (of: { p50: number; p95: number }) =>
    `p50 ${(of.p50 / quiet.p50).toFixed(2)}×, p95 ${(of.p95 / quiet.p95).toFixed(2)}× quiet`;
  const describeFlood = (run: Flood, index: number) =>
    `      flood ${index + 1}: ${(run.ms / 1000).toFixed(1)} s, ${run.accepted} taken and ${run.refused} refused ` +
    `(${Math.round(((run.accepted + run.refused) / run.ms) * 1000)} a second)${run.unsent > 0 ? `, ${run.unsent} still waiting when it stopped` : ""}; ` +
    `the server's process ${(run.cpuMs / 1000).toFixed(2)} CPU-s (${((run.cpuMs / run.ms) * 100).toFixed(0)}% of one core; ` +
    `less its ${run.samples} sign-ins at their quiet cost, ${(((run.cpuMs - run.samples * flood.quietCpuMs) / run.ms) * 100).toFixed(0)}%), ` +
    `the sender ${(run.senderCpuMs / 1000).toFixed(2)} CPU-s`;
  const here = figures(flood.here);
  const elsewhere = figures(flood.elsewhere);
  lines.push(
    `  sign-in request (POST /api/access-link), quiet: p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)} (${quiet.count} requests)`,
    `  while ${flood.junk} junk messages flood the server's own listener: p50 ${ms(here.p50)}, p95 ${ms(here.p95)} (${here.count} requests): ${ratio(here)}`,
    ...flood.floods.here.map(describeFlood),
    `      what the listener made of them: ${Object.entries(flood.outcomes)
      .filter(([, count]) => count > 0)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(", ")}; the sender heard: ${flood.refusals.join(" | ") || "no refusal"}`,
    `  while the same flood goes to a listener in another process on this machine: p50 ${ms(elsewhere.p50)}, p95 ${ms(elsewhere.p95)} (${elsewhere.count} requests): ${ratio(elsewhere)}`,
    ...flood.floods.elsewhere.map(describeFlood),
  );
  return lines;
}

/** The whole bench, as `npm run bench` prints it (alone: `npx node bench/mail-feedback.ts`). */
export async function printMailFeedback(): Promise<void> {
  const reports = Number(process.env.BENCH_REPORTS ?? 1_000);
  const seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
  const junk = Number(process.env.BENCH_JUNK ?? 10_000);
  console.log(
    `Mail feedback listener on SQLite (${availableParallelism()} cores): ${reports} Postfix-style bounce reports over pooled SMTP, ` +
      `then sign-ins while ${junk} junk messages are sent at once on 40 connections (each flood stopped after ${seconds} s):`,
  );
  for (const line of describeMailFeedback(await measureMailFeedback(reports))) console.log(line);
}

if (import.meta.main) {
  if (process.argv[2] === SENDER) await runSender();
  else await printMailFeedback();
}
