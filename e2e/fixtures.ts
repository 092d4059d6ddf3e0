import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect } from "@playwright/test";
import { SmtpSink } from "../test/support/smtp-sink.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

export interface AppUnderTest {
  url: string;
  sink: SmtpSink;
  /** Runs SQL on the server's SQLite file, for what a test cannot do through the product (expire a link). */
  sql(statement: string): void;
  /** Reads rows from the server's SQLite file, to check what the product stored. */
  query(statement: string, ...parameters: (string | number)[]): Record<string, unknown>[];
}

/**
 * One real account server per worker, on its own port, SQLite file and SMTP sink. A test file can
 * set more environment with test.use({ serverEnv: {...} }) and gets a server of its own.
 */
export const test = base.extend<{ mail: SmtpSink }, { serverEnv: Record<string, string>; app: AppUnderTest }>({
  serverEnv: [{}, { scope: "worker", option: true }],
  app: [
    async ({ serverEnv }, use) => {
      const sink = await new SmtpSink().start();
      const dir = mkdtempSync(join(tmpdir(), "account-e2e-"));
      const dbPath = join(dir, "account.db");
      // Many tests sign the same demo accounts in: the per-email limit is raised unless a test sets it.
      const server = await spawnServer({
        DATABASE_URL: `file:${dbPath}`,
        SMTP_URL: sink.url,
        ACCESS_LINK_LIMIT_PER_EMAIL: "100",
        // The stand-in Google is on by default outside production; tests of the email sign-in's
        // own screens see them without it. GOOGLE_STAND_IN: "" brings the default back.
        GOOGLE_STAND_IN: "false",
        ...serverEnv,
      });
      const database = new DatabaseSync(dbPath);
      database.exec("pragma busy_timeout = 5000");
      await use({
        url: server.url,
        sink,
        sql: (statement) => database.exec(statement),
        query: (statement, ...parameters) => database.prepare(statement).all(...parameters) as Record<string, unknown>[],
      });
      database.close();
      await server.stop();
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  mail: async ({ app }, use) => {
    await use(app.sink);
  },
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
});

export { expect };
