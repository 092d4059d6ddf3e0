import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect } from "@playwright/test";
import { SmtpSink } from "../test/support/smtp-sink.ts";

const ROOT = join(import.meta.dirname, "..");

export interface AppUnderTest {
  url: string;
  sink: SmtpSink;
  /** Runs SQL on the server's SQLite file, for what a test cannot do through the product (expire a link). */
  sql(statement: string): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the account server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the account server did not start within 20 s:\n${output()}`);
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
      const port = await freePort();
      const dir = mkdtempSync(join(tmpdir(), "account-e2e-"));
      const dbPath = join(dir, "account.db");
      const url = `http://localhost:${port}`;
      let log = "";
      const child = spawn(process.execPath, [join(ROOT, "server", "main.ts")], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: "test",
          LOG_LEVEL: "warn",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: url,
          DATABASE_URL: `file:${dbPath}`,
          SMTP_URL: sink.url,
          ...serverEnv,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk) => {
        log += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        log += chunk;
      });
      await waitUntilUp(url, child, () => log);
      const database = new DatabaseSync(dbPath);
      database.exec("pragma busy_timeout = 5000");
      await use({ url, sink, sql: (statement) => database.exec(statement) });
      database.close();
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
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
