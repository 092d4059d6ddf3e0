import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type SpawnedServer, spawnServer } from "./spawn-server.ts";

const ROOT = join(import.meta.dirname, "..", "..");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** The names of the migrations a text of server/db/migrations.ts lists, in order. */
export function migrationNames(source: string): string[] {
  return [...source.matchAll(/^ {2}"(\d{4}[A-Za-z0-9_]*)": \{/gm)].map((match) => match[1] as string);
}

/**
 * The release before this one, as far as the database is concerned: the last commit before the
 * newest migration was added, so that upgrading from it to the code here runs at least one
 * migration (a later edit of that migration, before it was released, does not count). Its
 * migrations are a beginning of ours: work merged from branches can add a migration numbered
 * before one added here earlier, and no release ever ran the later one without the earlier.
 * UPGRADE_FROM names another commit.
 */
export function previousReleaseCommit(): string {
  if (process.env.UPGRADE_FROM) return git("rev-parse", "--verify", `${process.env.UPGRADE_FROM}^{commit}`);
  const current = migrationNames(readFileSync(join(ROOT, "server", "db", "migrations.ts"), "utf8")).join(",");
  for (const commit of git("log", "--format=%H", "--", "server/db/migrations.ts").split("\n")) {
    let parent: string;
    try {
      parent = git("rev-parse", "--verify", `${commit}^`);
    } catch {
      break;
    }
    const names = migrationNames(migrationsSourceAt(parent)).join(",");
    if (names !== current && current.startsWith(`${names},`)) return parent;
  }
  throw new Error("no earlier commit has other migrations than these (a shallow clone? fetch the history)");
}

/** The text of the migrations as they were at `commit`. */
export function migrationsSourceAt(commit: string): string {
  return git("show", `${commit}:server/db/migrations.ts`);
}

/**
 * The tree of `commit`, outside this one (git archive, not a worktree: nothing is added to the
 * repository), sharing this tree's node_modules by a symbolic link; kept between runs.
 */
export function releaseTree(commit: string): string {
  const dir = join(tmpdir(), `account-release-${commit.slice(0, 12)}`);
  const done = join(dir, ".unpacked");
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("bash", ["-c", `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT, stdio: "ignore" });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    writeFileSync(done, commit);
  }
  // Kept between runs, it may link to the node_modules of a checkout since removed: link this one's.
  if (!existsSync(join(dir, "node_modules"))) {
    rmSync(join(dir, "node_modules"), { force: true });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  }
  return dir;
}

/** Builds that tree as `npm run build` does (its web app, its server bundle), unless built already. */
export async function buildRelease(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(dir, "scripts", "build-if-stale.ts")], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The built tree `dir`'s server bundle in its own process, as spawnServer starts this one's. */
export function spawnRelease(dir: string, env: Record<string, string>): Promise<SpawnedServer> {
  return spawnServer(env, { release: dir });
}
