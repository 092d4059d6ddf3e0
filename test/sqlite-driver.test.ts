import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { NodeSqliteDialect } from "../server/db/node-sqlite-dialect.ts";
import { startTestServer, type TestServer } from "./support/app.ts";

/**
 * The claims of docs/decisions/0006-sqlite-driver.md: another process's write lock is waited for
 * without blocking the event loop, for statements and for BEGIN IMMEDIATE; the wait ends with
 * "database is locked" once its time is up; one caller's statements never land inside another
 * caller's open transaction.
 */

/** Another process that takes the file's write lock, says so, and keeps it for `holdMs`. */
async function holdWriteLock(path: string, holdMs: number): Promise<ChildProcess> {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(process.argv[1]);
    db.exec("begin immediate");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("commit"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, path, String(holdMs)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the lock holder ended early (${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
  });
  return child;
}

/** Runs `work` and answers how long it took and the longest the event loop was held up meanwhile. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; elapsedMs: number; maxDelayMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  // The monitor measures from its first tick: a block before it would go unrecorded.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  try {
    const result = await work();
    const elapsedMs = performance.now() - started;
    // A loop held up by the last statement is recorded when the monitor's next timer fires.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, elapsedMs, maxDelayMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

const HOLD_MS = 2_000;
/**
 * SQLite's own busy timeout would hold the loop for the whole HOLD_MS; a timer-based wait, for a
 * few ms. The bound is far above that to stay clear of a busy machine's scheduling pauses.
 */
const LOOP_DELAY_LIMIT_MS = HOLD_MS / 4;

describe("SQLite while another process writes to the same file", () => {
  let server: TestServer | undefined;
  let holder: ChildProcess | undefined;
  afterEach(async () => {
    holder?.kill();
    holder = undefined;
    await server?.stop();
    server = undefined;
  });

  function databasePath(test: TestServer): string {
    return test.database.url.slice("file:".length);
  }

  it("serves a request that writes once the lock is released, keeping the event loop free while it waits", async () => {
    server = await startTestServer("sqlite");
    const test = server;
    holder = await holdWriteLock(databasePath(test), HOLD_MS);
    const { result, elapsedMs, maxDelayMs } = await measure(() =>
      // Counting the request against the rate limit is a write: it has to wait for the lock.
      test.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: "nobody@example.com", ProductId: 6 } }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ isOk: false, isExistingDesktopUser: false, redirectUrl: "" });
    expect(elapsedMs).toBeGreaterThan(HOLD_MS / 2);
    expect(maxDelayMs).toBeLessThan(LOOP_DELAY_LIMIT_MS);
  });

  it("waits for BEGIN IMMEDIATE the same way", async () => {
    server = await startTestServer("sqlite");
    const test = server;
    holder = await holdWriteLock(databasePath(test), HOLD_MS);
    const { elapsedMs, maxDelayMs } = await measure(() =>
      test.db.transaction().execute((tx) => tx.deleteFrom("sessions").where("expires_at", "<", 0).execute()),
    );
    expect(elapsedMs).toBeGreaterThan(HOLD_MS / 2);
    expect(maxDelayMs).toBeLessThan(LOOP_DELAY_LIMIT_MS);
  });
});

describe("the node:sqlite driver", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function openFile(busy?: ConstructorParameters<typeof NodeSqliteDialect>[1]): { db: Kysely<{ t: { x: number } }>; path: string } {
    const dir = mkdtempSync(join(tmpdir(), "sqlite-driver-"));
    dirs.push(dir);
    const path = join(dir, "test.db");
    const database = new DatabaseSync(path);
    database.exec("pragma busy_timeout = 0; pragma journal_mode = wal; create table t (x integer)");
    return { db: new Kysely({ dialect: new NodeSqliteDialect(database, busy) }), path };
  }

  it("gives up with 'database is locked' when the lock outlasts the wait", async () => {
    const { db, path } = openFile({ totalMs: 100 });
    const holder = await holdWriteLock(path, HOLD_MS);
    try {
      await expect(db.insertInto("t").values({ x: 1 }).execute()).rejects.toThrow("database is locked");
    } finally {
      holder.kill();
      await db.destroy();
    }
  });

  it("never runs another caller's statement inside an open transaction", async () => {
    const { db } = openFile();
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const rolledBack = db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto("t").values({ x: 1 }).execute();
        entered();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    await inside;
    // Issued while the transaction is open: had it run inside it, the rollback would undo it.
    const outside = db.insertInto("t").values({ x: 2 }).execute();
    expect(await rolledBack).toBe("roll back");
    await outside;
    const rows = await sql<{ x: number }>`select x from t`.execute(db);
    expect(rows.rows).toEqual([{ x: 2 }]);
    await db.destroy();
  });
});
