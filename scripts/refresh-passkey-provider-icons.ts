import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { safeIcon } from "../server/auth/passkey/passkey-providers.ts";

/**
 * `npx node scripts/refresh-passkey-provider-icons.ts [FILE_OR_URL [LABEL]]`: rewrites
 * server/auth/passkey/passkey-provider-icons.json, the light and dark icons of passkey providers by
 * AAGUID, from the community list providers maintain for this use, "next to the friendly name in
 * RP interfaces" (passkeydeveloper/passkey-authenticator-aaguids, `aaguid.json`; by default fetched
 * from GitHub). Kept in the repository so nothing is fetched at run time and a change is reviewed
 * like code (docs/decisions/0088). Only vector icons with nothing active or external in them are
 * kept; an empty list, the way the list's maintainers say they will retire it, is refused.
 */
const SOURCE = process.argv[2] ?? "https://raw.githubusercontent.com/passkeydeveloper/passkey-authenticator-aaguids/main/aaguid.json";
const target = join(import.meta.dirname, "..", "server", "auth", "passkey", "passkey-provider-icons.json");
/** What the file says it came from: the address, or a name given after a local file. */
const LABEL = process.argv[3] ?? SOURCE;

const text = /^https?:/.test(SOURCE) ? await (await fetch(SOURCE)).text() : readFileSync(SOURCE, "utf8");
const listed = JSON.parse(text) as Record<string, { name?: unknown; icon_light?: unknown; icon_dark?: unknown }>;
const icons: Record<string, { light: string; dark: string }> = {};
let refused = 0;
for (const [aaguid, entry] of Object.entries(listed).sort(([a], [b]) => a.localeCompare(b))) {
  const id = aaguid.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) || /^[0-]+$/.test(id)) continue;
  if (entry.icon_light === undefined && entry.icon_dark === undefined) continue;
  const light = safeIcon(entry.icon_light) ?? safeIcon(entry.icon_dark);
  const dark = safeIcon(entry.icon_dark) ?? light;
  if (!light || !dark) {
    refused++;
    continue;
  }
  icons[id] = { light, dark };
}
if (Object.keys(icons).length === 0) throw new Error("the list holds no icons (retired?): keeping the current ones");
writeFileSync(target, `${JSON.stringify({ source: LABEL, icons }, null, 2)}\n`);
console.log(`${Object.keys(icons).length} providers' icons written to ${target}; ${refused} refused (not a small, inert SVG)`);
