import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { getCompileCacheDir } from "node:module";
import { join } from "node:path";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../common/languages.ts";
import { LOAD_ONLY_FLAG } from "../server/base/load-only.ts";
import { bundleServer, SERVER_BUNDLE } from "./bundle-server.ts";
import { precompressBuild } from "./precompress.ts";
import { hashSources } from "./source-hash.ts";

/**
 * Builds the web app when dist/web is missing or was built from other inputs. "Other" is decided
 * by a hash of everything that changes the output (sources, build configuration, lockfile, this
 * script and the build mode), not by file times, which a fresh clone sets to checkout time.
 *
 * The build is always the production one, whatever NODE_ENV the server or the tests run with: the
 * mode is passed to Vite and NODE_ENV is set for the build process only. Otherwise a server started
 * with NODE_ENV=development (the documented default) would build React's development bundle, and
 * a later production start would serve it, since the sources had not changed.
 */
const ROOT = join(import.meta.dirname, "..");
const STAMP = join(ROOT, "dist", "web", ".source-hash");
const MODE = "production";
const SOURCES = [
  "web",
  "common",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build-if-stale.ts",
  "scripts/source-hash.ts",
  "scripts/precompress.ts",
  "server/http/precompressed.ts",
];

function sourceHash(): string {
  return hashSources(ROOT, SOURCES, `mode=${MODE}\0`);
}

export function buildIfStale(force = false): void {
  const wanted = sourceHash();
  if (
    !force &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === wanted &&
    existsSync(join(ROOT, "dist", "web", "index.html")) &&
    LANGUAGES.every((language) => existsSync(join(ROOT, "dist", "ssr", language, "prerender.js")))
  )
    return;
  console.log(force ? "Building the web app..." : "Building the web app (it is missing or its sources changed since the last build)...");
  // Vite does not check types: a language's catalogue missing a key (or a key of the wrong
  // shape) would build, and its screen would show nothing where the text belongs. The type
  // check refuses it first.
  const typecheck = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "web/tsconfig.json", "--noEmit"],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
  if (typecheck.status !== 0) {
    console.error("The web app does not type-check (a catalogue missing a key in some language?); see the messages above.");
    process.exit(typecheck.status ?? 1);
  }
  const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
  const run = (language: Language, extra: string[]) => {
    const result = spawnSync(process.execPath, [vite, "build", "--mode", MODE, "--logLevel", "warn", ...extra], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: MODE, APP_LANGUAGE: language },
    });
    if (result.status !== 0) {
      console.error(`The web app build (${language}) failed; see the messages above.`);
      process.exit(result.status ?? 1);
    }
  };
  // One build per language into dist/web, English last so its index.html keeps the plain name; each
  // other language's page is renamed index.<language>.html (server/site/spa.ts serves them). Then
  // the renderer the server uses to paint screens ahead (web/prerender.tsx), per language too.
  const order = [...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE), DEFAULT_LANGUAGE];
  order.forEach((language, index) => {
    run(language, index === 0 ? ["--emptyOutDir"] : []);
    if (language !== DEFAULT_LANGUAGE)
      renameSync(join(ROOT, "dist", "web", "index.html"), join(ROOT, "dist", "web", `index.${language}.html`));
  });
  rmSync(join(ROOT, "dist", "ssr"), { recursive: true, force: true });
  for (const language of LANGUAGES) run(language, ["--ssr", "prerender.tsx", "--outDir", `../dist/ssr/${language}`, "--emptyOutDir"]);
  precompressBuild(join(ROOT, "dist", "web"));
  writeFileSync(STAMP, wanted);
}

/**
 * Fills Node's compile cache, when it is on (package.json's start and build scripts turn it on),
 * with every module `npm start` loads (the server's bundle and the scripts that start it), by
 * loading them once without starting the server. A server started afterwards finds them already
 * compiled, and Node's TypeScript stripper, which stays in a process's memory once loaded (about
 * 19 MB), is never loaded for the start's own scripts.
 *
 * `production`: for the production bundle, which the container image runs directly (Containerfile):
 * the bundle itself is loaded, with NODE_ENV=production, as the image starts it.
 */
function warmCompileCache(production = false): void {
  if (!getCompileCacheDir()) return;
  const entry = production ? SERVER_BUNDLE : join(ROOT, "scripts", "start.ts");
  const env = production ? { ...process.env, NODE_ENV: "production" } : process.env;
  const result = spawnSync(process.execPath, [entry, LOAD_ONLY_FLAG], { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) console.warn("Filling Node's compile cache failed; the server starts anyway, a little slower.");
}

// `--production`: the container image's build (Containerfile): the server's production bundle.
if (import.meta.main) {
  const production = process.argv.includes("--production");
  buildIfStale(process.argv.includes("--force"));
  await bundleServer({ production });
  warmCompileCache(production);
}
