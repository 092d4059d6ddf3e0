import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { type Config, loadConfig } from "../../server/base/config.ts";
import type { OutgoingMail } from "../../server/mail/worker.ts";
import { createServer, type RunningServer } from "../../server/server.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases.ts";

/**
 * A real account server on a real database, answering through Fastify's inject (no socket). Mail
 * is captured at the delivery step, after the outbox; tests of the SMTP path use SmtpSink instead.
 */
export interface TestServer extends RunningServer {
  config: Config;
  delivered: OutgoingMail[];
  /** Awaited as each captured mail is delivered, while its outbox row still holds its bodies. */
  beforeDelivery: ((mail: OutgoingMail) => Promise<void>) | undefined;
  database: TestDatabase;
  stop(): Promise<void>;
}

/** A stand-in index.html with the marker the server fills, for tests that do not need the built app. */
function webTemplateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "account-web-"));
  // The markers are those of web/index.html: the brand goes on <html>, its icon replaces DS One's.
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html lang="en"><head><link rel="icon" href="/brand/dsone.svg"><!--app-config--></head><body></body></html>',
  );
  return dir;
}

export interface TestServerOptions {
  /**
   * Let the server deliver its mail itself instead of capturing it: over SMTP when `SMTP_URL` is
   * set (a test's SmtpSink), else into the development mailbox (its table, /dev/mailbox).
   */
  ownDelivery?: boolean;
  /** Serve this web build instead of a stand-in index.html. */
  webBuildDir?: string;
}

export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: database.url,
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
  const delivered: OutgoingMail[] = [];
  const server = await createServer(config, {
    webBuildDir: options.webBuildDir ?? webTemplateDir(),
    deliver: options.ownDelivery
      ? undefined
      : async (mail) => {
          await testServer.beforeDelivery?.(mail);
          delivered.push(mail);
        },
  });
  const testServer: TestServer = {
    ...server,
    config,
    delivered,
    beforeDelivery: undefined,
    database,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
  return testServer;
}

/** The session cookie a response set, as a Cookie request header. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === "session" || c.name === "__Host-session");
  if (!cookie) throw new Error("the response set no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

export function tokenFromMail(mail: OutgoingMail): string {
  const match = mail.text.match(/token=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error("no token in the mail");
  return match[1];
}

/** The newest mail delivered to `to` whose subject matches, once the outbox is drained; throws when there is none. */
export async function lastMailTo(server: TestServer, to: string, subject: RegExp): Promise<OutgoingMail> {
  await drainMail(server);
  const mail = server.delivered.findLast((sent) => sent.to === to && subject.test(sent.subject));
  if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
  return mail;
}

/** The token of a mail's link to `path` (`…/path?token=…`); throws when the mail has no such link. */
export function linkTokenIn(mail: { text: string }, path: string): string {
  const token = mail.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`))?.[1];
  if (!token) throw new Error(`no ${path} link in the mail`);
  return token;
}

/**
 * Signs in through an emailed access link, as a customer does: asks for the link (with `extra`
 * fields, a captcha token say), delivers the mail, spends the link, and answers the session cookie.
 */
export async function signInByLink(server: TestServer, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: email, ProductId: 6, ...extra } });
  await drainMail(server);
  const mail = server.delivered.at(-1);
  if (!mail) throw new Error("no mail");
  return sessionCookieFrom(
    await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token: tokenFromMail(mail) } }),
  );
}

/**
 * Delivers the mail that is due now, as the worker would on its next tick: runs a delivery pass,
 * waits for the worker to be idle, and goes again while due mail is left (a pass takes a batch).
 */
export async function drainMail(server: Pick<TestServer, "db" | "mailWorker">): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    server.mailWorker.deliverNow();
    await server.mailWorker.idle();
    const now = Date.now();
    const due = await server.db
      .selectFrom("outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
      .executeTakeFirst();
    if (!due) return;
  }
}

/** A logger that says nothing, for mail workers started by hand. */
export function silentLogger(): FastifyBaseLogger {
  const logger = {
    level: "silent",
    fatal() {},
    error() {},
    warn() {},
    info() {},
    debug() {},
    trace() {},
    silent() {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
