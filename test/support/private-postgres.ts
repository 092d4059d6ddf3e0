import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./spawn-server.ts";

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * A PostgreSQL server of the test's own (initdb in a temp folder, a free port), for tests that must
 * restart or stop the database. The machine's shared cluster is never touched. Needs root (the
 * server runs as the postgres user, through runuser).
 */
export interface PrivatePostgres {
  url: string;
  /** Restarts the server (fast shutdown: connections are cut), without blocking the test's own event loop. */
  restart(): Promise<void>;
  stop(): void;
}

function asPostgres(args: string[]): void {
  execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "pipe" });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "account-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  mkdirSync(data);
  const { uid, gid } = postgresIds();
  chownSync(data, uid, gid);
  chownSync(dir, uid, gid);
  asPostgres([join(BIN, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => asPostgres([join(BIN, "pg_ctl"), "-D", data, "-l", join(dir, "log"), "-o", options, "-w", ...args]);
  pgCtl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await promisify(execFile)("runuser", [
        "-u",
        "postgres",
        "--",
        join(BIN, "pg_ctl"),
        "-D",
        data,
        "-l",
        join(dir, "log"),
        "-o",
        options,
        "-w",
        "-m",
        "fast",
        "restart",
      ]);
    },
    stop() {
      try {
        pgCtl("-m", "immediate", "stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}
