import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Db } from "../db/database.ts";
import type { MailKeys } from "./body-encryption.ts";
import { readReport } from "./delivery-reports.ts";
import { recordReport } from "./delivery-state.ts";
import { type BounceAddress, mailIdOfBounceRecipient } from "./verp.ts";

/**
 * Where delivery reports and complaints come back (MAIL_FEEDBACK_LISTEN; docs/decisions/0087): an
 * SMTP server of its own (smtp-server) that takes mail only for tagged bounce addresses this
 * server made, relays nothing, and keeps nothing but what a report says of the one mail its tag
 * names. The relay's bounce domain, or its feedback forwarding, points here.
 *
 * Bounded everywhere a stranger could push: a report's size (SIZE, then cut off), connections at
 * once, reports a minute from one address (answered 421, "try later": a relay keeps the report and
 * tries again, so nothing is lost), reports a second from every address together (the pace: past
 * a burst, each waits its turn for the reply to MAIL FROM), and reports read at once (the rest
 * wait their turn). The listener shares the event loop with sign-ins: the pace is what keeps a
 * flood from many addresses to a small share of it, since everything before a report is read (the
 * SMTP dialogue, a tag's HMAC, reading the message) costs the process whether or not the message
 * turns out to be a report. Whatever is refused is answered and logged.
 */

/** The largest report taken: a report quotes the mail it is about, and ours are tens of kilobytes. */
export const MAX_REPORT_BYTES = 512 * 1024;
const MAX_CONNECTIONS = 50;
/** Reports one address may deliver a minute: a relay's burst after an outage fits, a flood does not. */
const REPORTS_PER_MINUTE = 1_200;
/** Reports read (parsed and recorded) at one time. */
const READING_AT_ONCE = 2;
/** Tagged recipients of one message: a report names one mail; a relay batching a few stays well under. */
const MAX_RECIPIENTS = 10;
/**
 * Reports a second from every address together, past a burst of as many: a relay's peak is a few
 * a second (a bounce for every twentieth of 100,000 mails an hour is one and a half), so a relay
 * seldom waits, and then for a fraction of a second, while a flood from many addresses gets at
 * most this many transactions a second, each at most MAX_REPORT_BYTES read: a few percent of one
 * core (bench/mail-feedback.ts).
 */
const REPORTS_PER_SECOND = 20;
/** The longest a report waits for its turn; past it, "try again later" (421). */
const LONGEST_WAIT_MS = 10_000;

export type ReportOutcome = "recorded" | "unknown_mail" | "not_a_report" | "forged" | "oversized" | "throttled" | "malformed";

export interface FeedbackServer {
  port: number;
  close(): Promise<void>;
}

interface Settings {
  host: string;
  port: number;
  bounce: BounceAddress;
  keys: MailKeys;
}

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** A per-address count over a rolling minute, in memory: each instance bounds its own intake. */
class PerMinute {
  readonly #counts = new Map<string, { since: number; count: number }>();
  take(address: string, now = Date.now()): boolean {
    const entry = this.#counts.get(address);
    if (!entry || now - entry.since >= 60_000) {
      if (this.#counts.size > 10_000) this.#counts.clear();
      this.#counts.set(address, { since: now, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= REPORTS_PER_MINUTE;
  }
}

/**
 * Every address's transactions together, paced: the first REPORTS_PER_SECOND at once, then one
 * every 1/REPORTS_PER_SECOND of a second (a burst's allowance comes back as the pace runs idle).
 */
class Pace {
  #next = 0;
  /** How long the next transaction waits for its turn, or undefined when that is past LONGEST_WAIT_MS. */
  wait(now = Date.now()): number | undefined {
    const interval = 1000 / REPORTS_PER_SECOND;
    const turn = Math.max(this.#next, now - REPORTS_PER_SECOND * interval);
    if (turn - now > LONGEST_WAIT_MS) return undefined;
    this.#next = turn + interval;
    return Math.max(0, turn - now);
  }
}

/** What the listener uses of smtp-server's connection, to end one mid-message (its typings leave connections untyped). */
interface Connection {
  session: SMTPServerSession;
  send(code: number, text: string): void;
  close(): void;
}

/** Runs `task` when fewer than `limit` others are running. */
function turns(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export async function startFeedbackServer(
  db: Db,
  settings: Settings,
  log: FastifyBaseLogger,
  onReport: (outcome: ReportOutcome) => void = () => {},
): Promise<FeedbackServer> {
  const perMinute = new PerMinute();
  const pace = new Pace();
  const inTurn = turns(READING_AT_ONCE);
  const mailsOf = new WeakMap<SMTPServerSession, Set<string>>();
  const refuse = (outcome: ReportOutcome, details: object, error: Error) => {
    onReport(outcome);
    log.warn({ ...details, outcome }, `mail feedback refused: ${error.message}`);
    return error;
  };

  const server = new SMTPServer({
    name: settings.bounce.domain,
    banner: "delivery reports only",
    authOptional: true,
    // Reports come from the operator's relay over a private network (docs/operating.md).
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_REPORT_BYTES,
    maxClients: MAX_CONNECTIONS,
    // A report comes back to one tagged address; a relay may batch a few.
    maxRecipients: MAX_RECIPIENTS,
    // The client's name is never used: no DNS query for each connection a stranger opens.
    disableReverseLookup: true,
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    logger: false,
    onMailFrom(_address, session, callback) {
      if (!perMinute.take(session.remoteAddress)) {
        return callback(
          refuse("throttled", { from: session.remoteAddress }, smtpError(421, "4.7.0 Too many reports from your address; try again later")),
        );
      }
      // A new transaction: recipients of one abandoned before its DATA (RSET) are not this one's.
      mailsOf.delete(session);
      const wait = pace.wait();
      if (wait === undefined) {
        return callback(
          refuse("throttled", { from: session.remoteAddress }, smtpError(421, "4.7.0 Too many reports at once; try again later")),
        );
      }
      // SMTP is lock-step: until this reply the connection sends nothing more, and costs nothing.
      if (wait === 0) callback();
      else setTimeout(callback, wait).unref();
    },
    onRcptTo(address, session, callback) {
      const mailId = mailIdOfBounceRecipient(settings.bounce, settings.keys, address.address);
      if (!mailId) {
        // Another domain (no relaying), the bare address, or a tag these keys did not make.
        return callback(refuse("forged", { from: session.remoteAddress }, smtpError(550, "5.1.1 No such recipient here")));
      }
      const mails = mailsOf.get(session) ?? new Set<string>();
      mails.add(mailId);
      mailsOf.set(session, mails);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        if (tooLarge) return;
        if (!stream.sizeExceeded) return void chunks.push(chunk);
        // Past the limit: nothing more is kept or read. The connection ends at once, rather than
        // reading the rest to answer after it, so no message costs more than MAX_REPORT_BYTES.
        tooLarge = true;
        chunks.length = 0;
        mailsOf.delete(session);
        const error = refuse("oversized", { from: session.remoteAddress }, smtpError(552, "5.3.4 Report too large"));
        const connection = [...(server.connections as Set<Connection>)].find((open) => open.session === session);
        connection?.send(552, error.message);
        connection?.close();
      });
      stream.on("end", () => {
        const mailIds = [...(mailsOf.get(session) ?? [])];
        mailsOf.delete(session);
        if (tooLarge) return callback(smtpError(552, "5.3.4 Report too large"));
        if (stream.sizeExceeded) {
          return callback(refuse("oversized", { from: session.remoteAddress }, smtpError(552, "5.3.4 Report too large")));
        }
        inTurn(async () => {
          const verdict = await readReport(Buffer.concat(chunks)).catch(() => null);
          if (verdict === null) {
            return callback(refuse("malformed", { from: session.remoteAddress }, smtpError(554, "5.6.0 The report could not be read")));
          }
          if (!verdict) {
            onReport("not_a_report");
            log.info({ from: session.remoteAddress, mails: mailIds.length }, "mail feedback: not a delivery or feedback report; ignored");
            return callback(null, "2.6.0 Not a report: nothing recorded");
          }
          for (const mailId of mailIds) {
            const known = await recordReport(db, mailId, verdict);
            onReport(known ? "recorded" : "unknown_mail");
            log.info({ mailId, delivery: verdict.delivery, code: verdict.code, known }, "mail feedback received");
          }
          callback(null, "2.0.0 Report recorded");
        }).catch((error: unknown) => {
          log.error({ err: error }, "mail feedback could not be recorded");
          // The relay keeps the report and tries again: nothing is lost to a passing fault.
          callback(smtpError(451, "4.3.0 The report could not be recorded now; try again later"));
        });
      });
    },
  });
  server.on("error", (error) => log.warn({ err: error }, "mail feedback connection failed"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info(`mail feedback: taking delivery reports by SMTP on ${settings.host}:${port}`);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
