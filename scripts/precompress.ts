import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { precompress } from "../server/http/precompressed.ts";

/** The built files worth compressing: text. Images other than SVG and fonts are compressed already. */
const TEXT_FILES = new Set([".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web app's build, for
 * the server to send as they are (decision 42). index.html is a template the server fills in and
 * compresses itself; source maps are never served. A copy that would not be smaller is not written.
 */
export function precompressBuild(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const inner = precompressBuild(path);
      files += inner.files;
      bytes += inner.bytes;
      brotliBytes += inner.brotliBytes;
      continue;
    }
    if (!TEXT_FILES.has(extname(name))) continue;
    const { identity, br, gzip } = precompress(readFileSync(path));
    if (br.length < identity.length) writeFileSync(`${path}.br`, br);
    if (gzip.length < identity.length) writeFileSync(`${path}.gz`, gzip);
    files += 1;
    bytes += identity.length;
    brotliBytes += Math.min(br.length, identity.length);
  }
  return { files, bytes, brotliBytes };
}
