import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect, type Page } from "@playwright/test";
import { APP_STARTED_MARK } from "../common/rendered-ahead.ts";
import { createTestDatabase, type DatabaseKind } from "../test/support/databases.ts";
import { SmtpSink } from "../test/support/smtp-sink.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

export interface AppUnderTest {
  url: string;
  sink: SmtpSink;
  /** Runs SQL on the server's SQLite file (SQLite only), for what a test cannot do through the product (expire a link). */
  sql(statement: string): void;
  /** Reads rows from the server's SQLite file, to check what the product stored. */
  query(statement: string, ...parameters: (string | number)[]): Record<string, unknown>[];
}

/**
 * One real account server per worker, on its own port, SQLite file and SMTP sink. A test file can
 * set more environment with test.use({ serverEnv: {...} }) and gets a server of its own; with
 * test.use({ database: "postgres" }) the server runs on a new PostgreSQL database instead (on the
 * cluster TEST_POSTGRES_URL names, as the integration tests do), and `sql` and `query` refuse.
 */
/** Long enough for a busy machine; shorter than a test, so the failure names its cause. */
const APP_START_WAIT_MS = 20_000;

/** page.goto as Playwright has it, for a test that keeps the app from starting on purpose. */
const plainGoto = new WeakMap<Page, Page["goto"]>();

/** Opens an address without waiting for the app to start: its scripts are held or refused on purpose. */
export function gotoWithoutApp(page: Page, url: string): ReturnType<Page["goto"]> {
  return (plainGoto.get(page) ?? page.goto.bind(page))(url);
}

/**
 * Waits until the app has taken over the page it opened (common/rendered-ahead.ts): a screen rendered
 * ahead is painted before its buttons answer, and on a busy machine that gap outlasts any fixed wait.
 * A page that is not the app's (a demo app, the provider's own pages) has no #root and passes at once;
 * a redirect while waiting is followed to the page it lands on.
 */
async function untilAppStarted(page: Page): Promise<void> {
  // Polled from here, not by the page: a test may have installed a clock that holds the page's timers.
  const deadline = Date.now() + APP_START_WAIT_MS;
  while (Date.now() < deadline) {
    const started = await page
      .evaluate((mark) => !document.getElementById("root") || performance.getEntriesByName(mark).length > 0, APP_STARTED_MARK)
      .catch((error: unknown) => {
        // A redirect while looking: look again at the page it lands on.
        if (/context was destroyed|navigat/i.test(String(error))) return false;
        throw error;
      });
    if (started) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the app did not start within ${APP_START_WAIT_MS / 1000} s at ${page.url()}`);
}

export const test = base.extend<
  { mail: SmtpSink; waitForApp: boolean },
  { serverEnv: Record<string, string>; database: DatabaseKind; app: AppUnderTest }
>({
  serverEnv: [{}, { scope: "worker", option: true }],
  /** Whether page.goto waits for the app to start; a file that watches the page before it starts says false. */
  waitForApp: [true, { option: true }],
  page: async ({ page, waitForApp, javaScriptEnabled }, use) => {
    if (waitForApp && javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      plainGoto.set(page, goto);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await untilAppStarted(page);
        return response;
      };
    }
    await use(page);
  },
  database: ["sqlite", { scope: "worker", option: true }],
  app: [
    async ({ serverEnv, database: kind }, use) => {
      const sink = await new SmtpSink().start();
      const dir = mkdtempSync(join(tmpdir(), "account-e2e-"));
      const dbPath = join(dir, "account.db");
      const postgres = kind === "postgres" ? await createTestDatabase("postgres") : undefined;
      // Many tests sign the same demo accounts in: the per-email limit is raised unless a test sets
      // it. Every test's browser comes from 127.0.0.1, and one worker's server serves many spec
      // files: the per-address limits on asking for, checking and spending links are raised too, so
      // one file's links never use up another's allowance.
      const server = await spawnServer({
        DATABASE_URL: postgres?.url ?? `file:${dbPath}`,
        SMTP_URL: sink.url,
        ACCESS_LINK_LIMIT_PER_EMAIL: "100",
        ACCESS_LINK_LIMIT_PER_IP: "1000",
        ACCESS_LINK_CONSUME_LIMIT_PER_IP: "1000",
        // The stand-ins for Google and Microsoft are on by default outside production; tests of the
        // email sign-in's own screens see them without them. GOOGLE_STAND_IN: "" (or
        // MICROSOFT_STAND_IN: "") brings the default back.
        GOOGLE_STAND_IN: "false",
        MICROSOFT_STAND_IN: "false",
        ...serverEnv,
      });
      const database = postgres ? undefined : new DatabaseSync(dbPath);
      database?.exec("pragma busy_timeout = 5000");
      const sqlite = () => {
        if (!database) throw new Error("sql and query read the SQLite file: this server runs on PostgreSQL");
        return database;
      };
      await use({
        url: server.url,
        sink,
        sql: (statement) => sqlite().exec(statement),
        query: (statement, ...parameters) =>
          sqlite()
            .prepare(statement)
            .all(...parameters) as Record<string, unknown>[],
      });
      database?.close();
      await server.stop();
      await postgres?.drop();
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
