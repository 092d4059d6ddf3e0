import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/**
 * A hash of every file under `sources` (paths relative to `root`), names and contents, after
 * `salt`: what a build was made from. Not file times, which a fresh clone sets to checkout time.
 */
export function hashSources(root: string, sources: readonly string[], salt = "", skip: (file: string) => boolean = () => false): string {
  const hash = createHash("sha256").update(salt);
  for (const file of sources.flatMap((source) => files(join(root, source)))) {
    if (skip(file)) continue;
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}
