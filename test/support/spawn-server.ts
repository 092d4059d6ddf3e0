import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { buildIfStale } from "../../scripts/build-if-stale.ts";
import { bundleServerIfStale, SERVER_BUNDLE } from "../../scripts/bundle-server.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * How `npm start` runs Node (package.json's start script, their one home): the variables it sets
 * (paths made absolute) and the flags it gives, so the tests and the benchmarks run the server as
 * an operator does.
 */
const START_WORDS = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.start as string).split(/\s+/);
const SERVER_NODE_ENV: Record<string, string> = Object.fromEntries(
  START_WORDS.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => {
    const [name = "", value = ""] = word.split(/=(.*)/);
    return [name, value.includes("/") ? join(ROOT, value) : value];
  }),
);
export const SERVER_NODE_FLAGS: string[] = START_WORDS.filter((word) => word.startsWith("--"));

export interface SpawnedServer {
  url: string;
  port: number;
  /** The server's process id, for benchmarks that read its memory. */
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /** Ends the process at once, as a crash or a power cut would (no graceful shutdown). */
  kill(): Promise<void>;
}

/**
 * A port nothing listens on, for a server that must know its address before it starts. Picked
 * below the range the OS takes outgoing connections' source ports from (32768 and up on Linux):
 * a port probed there and let go could become a database connection's source port before the
 * server binds it. Each test worker (Vitest's pool id, Playwright's parallel index) walks a slice
 * of its own from a random start, so parallel workers and runs do not hand out the same port;
 * ports handed out are 8 apart, since an agent simulator takes the next few above a base port.
 */
const PORT_SLICE = 800;
const WORKER = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0) % 15;
let portCursor = Math.floor(Math.random() * PORT_SLICE);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORT_SLICE / 8; tried++) {
    portCursor += 8;
    const port = 20_000 + WORKER * PORT_SLICE + (portCursor % PORT_SLICE);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port in this worker's slice");
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, startTimeoutMs: number): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the account server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    // Polled often: the start-up bench reads the time to the first answer from this.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the account server did not start within ${startTimeoutMs / 1000} s:\n${output()}`);
}

/**
 * The account server as a separate process, as `npm start` runs it once built (its variables and
 * Node flags, then the server's bundle), on a free port; for end-to-end tests and benchmarks.
 */
/** The web build is checked once per process: a process's servers all serve the same one. */
let webBuildChecked = false;

export async function spawnServer(
  env: Record<string, string>,
  options: {
    throughStartScript?: boolean;
    /** The tree of another release, built: its server bundle runs instead (test/support/previous-release.ts). */
    release?: string;
    /** How long it may take to answer /healthz before it is killed and the spawn fails. */
    startTimeoutMs?: number;
  } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // The demo apps (outside production) get a free port of their own, unless the caller names one.
  const demoAppsUrl = `http://localhost:${await freePort()}`;
  let log = "";
  // The bundle and the web app npm start runs; made here when a bench or a script runs without the
  // tests' setup (which builds both first, so this is a check of their hashes).
  if (!options.release) {
    if (!webBuildChecked) buildIfStale();
    webBuildChecked = true;
    await bundleServerIfStale();
  }
  // Through the start script, as `npm start` itself runs (it checks the build first): the start bench.
  const entry = options.release
    ? join(options.release, "dist", "server", "main.js")
    : options.throughStartScript
      ? join(ROOT, "scripts", "start.ts")
      : SERVER_BUNDLE;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: options.release ?? ROOT,
    env: {
      ...process.env,
      ...SERVER_NODE_ENV,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DEMO_APPS_URL: demoAppsUrl,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  try {
    await waitUntilUp(url, child, () => log, options.startTimeoutMs ?? 20_000);
  } catch (error) {
    // A server that never answered (still starting after 20 s, or stuck) is not left running,
    // nor its pipes open: the caller learns of the failure once the process is gone.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
