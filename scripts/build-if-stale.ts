import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Builds the web app when dist/web is missing or was built from other sources. "Other" is decided
 * by a hash of the sources' contents, not by file times, which a fresh clone sets to checkout time.
 */
const ROOT = join(import.meta.dirname, "..");
const STAMP = join(ROOT, "dist", "web", ".source-hash");
const SOURCES = ["web", "common", "vite.config.ts", "package-lock.json"];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap((source) => files(join(ROOT, source)))) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

export function buildIfStale(force = false): void {
  const wanted = sourceHash();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, "utf8") === wanted && existsSync(join(ROOT, "dist", "web", "index.html"))) return;
  console.log(force ? "Building the web app..." : "Building the web app (it is missing or its sources changed since the last build)...");
  const result = spawnSync(process.execPath, [join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The web app build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, wanted);
}

if (import.meta.main) buildIfStale(process.argv.includes("--force"));
