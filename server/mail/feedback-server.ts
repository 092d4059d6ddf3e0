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
 * tries again, so nothing is lost), and reports read at once (the rest wait their turn, so a flood
 * takes a bounded share of the process). Whatever is refused is answered and logged.
 */

/** The largest report taken: a report quotes the mail it is about, and ours are tens of kilobytes. */
export const MAX_REPORT_BYTES = 512 * 1024;
const MAX_CONNECTIONS = 50;
/** Reports one address may deliver a minute: a relay's burst after an outage fits, a flood does not. */
const REPORTS_PER_MINUTE = 1_200;
/** Reports read (parsed and recorded) at one time. */
const READING_AT_ONCE = 2;

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
  const inTurn = turns(READING_AT_ONCE);
  const mailsOf = new WeakMap<SMTPServerSession, string[]>();
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
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    logger: false,
    onMailFrom(_address, session, callback) {
      if (!perMinute.take(session.remoteAddress)) {
        return callback(
          refuse("throttled", { from: session.remoteAddress }, smtpError(421, "4.7.0 Too many reports from your address; try again later")),
        );
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      const mailId = mailIdOfBounceRecipient(settings.bounce, settings.keys, address.address);
      if (!mailId) {
        // Another domain (no relaying), the bare address, or a tag these keys did not make.
        return callback(refuse("forged", { from: session.remoteAddress }, smtpError(550, "5.1.1 No such recipient here")));
      }
      mailsOf.set(session, [...(mailsOf.get(session) ?? []), mailId]);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mailIds = mailsOf.get(session) ?? [];
        mailsOf.delete(session);
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
