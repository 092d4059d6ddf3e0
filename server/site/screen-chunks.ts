import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LANGUAGE, type Language } from "../../common/languages.ts";

/** One entry of Vite's build manifest (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The chunks a lazily loaded screen needs beyond the app's own, read from the web build's manifest
 * (vite.config.ts writes it to .vite/manifest.json; the server never serves it). A page rendered
 * ahead of time starts them downloading with the app's module (server/site/page-boot.ts), where the app
 * would otherwise find them only after its own module has arrived and run: one round trip fewer
 * before the screen works.
 *
 * Without a manifest (a build from before it, or a stand-in page in tests) every screen needs none.
 */
export function screenChunks(buildDir: string, language: Language = DEFAULT_LANGUAGE): (module: string | undefined) => string[] {
  let manifest: Record<string, ManifestChunk>;
  // Each language's build has its manifest (vite.config.ts); English keeps Vite's own name.
  const name = language === DEFAULT_LANGUAGE ? "manifest.json" : `manifest.${language}.json`;
  try {
    manifest = JSON.parse(readFileSync(join(buildDir, ".vite", name), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return () => [];
  }
  const withImports = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      withImports(manifest[key].imports ?? [], into);
    }
    return into;
  };
  // What the page's own module list already carries: the entry and everything it imports.
  const app = withImports(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  return (module) => {
    if (!module || !manifest[module]) return [];
    return [...withImports([module])].filter((key) => !app.has(key)).map((key) => `/${manifest[key]?.file}`);
  };
}
