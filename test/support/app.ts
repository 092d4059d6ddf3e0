import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "../../server/config.ts";
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
  /** Deliver to the real development mailbox (its table, /dev/mailbox) instead of capturing mail. */
  developmentMailbox?: boolean;
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
    webBuildDir: webTemplateDir(),
    deliver: options.developmentMailbox
      ? undefined
      : async (mail) => {
          delivered.push(mail);
        },
  });
  return {
    ...server,
    config,
    delivered,
    database,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
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
