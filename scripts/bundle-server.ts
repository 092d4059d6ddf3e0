import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { hashSources } from "./source-hash.ts";

/**
 * The account server as `npm start` runs it: server/main.ts and everything it imports, dependencies
 * included, bundled by Rolldown into dist/server/ (docs/decisions/0062-bundled-server.md). Node
 * then loads a few dozen files instead of about 1,600 modules, each resolved, read and linked on
 * its own, which was most of the server's start. The tests import the sources; the spawned-server
 * tests and the benchmarks run this bundle, as an operator does.
 */
const ROOT = join(import.meta.dirname, "..");
export const SERVER_BUNDLE_DIR = join(ROOT, "dist", "server");
export const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, "main.js");
const STAMP = join(SERVER_BUNDLE_DIR, ".source-hash");
const SOURCES = ["server", "common", "package-lock.json", "scripts/bundle-server.ts", "scripts/source-hash.ts"];

function serverSourceHash(production = false): string {
  return hashSources(ROOT, SOURCES, production ? "production\0" : "", (file) => file.endsWith(".test.ts"));
}

/**
 * What only a server outside production loads, each by a dynamic import made only there: the demo
 * apps, their OpenID clients, the demo data, the stand-ins for Google and Microsoft, the stand-in product pages and
 * the development mailbox, all in this folder. A production bundle (`--production`, the container
 * image's) has none of them: an import from outside the folder into it names one small module that
 * refuses to load instead.
 */
export const DEVELOPMENT_FOLDER = join(ROOT, "server", "development");
const inDevelopmentFolder = (id: string) => id.startsWith(`${DEVELOPMENT_FOLDER}/`);
const NOT_IN_PRODUCTION_BUNDLE = "\0not-in-production-bundle";

/** Whether dist/server was bundled from the sources as they are now. */
export function serverBundleIsCurrent(): boolean {
  return existsSync(SERVER_BUNDLE) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === serverSourceHash();
}

/**
 * Node's ESM loader reads every export of a built-in module it imports, and node:http's include
 * WebSocket and the other getters that load Node's bundled undici: about 100 ms at start for a
 * `STATUS_CODES` (oidc-provider imports it so). `require` reads only what is asked for, so an
 * import of node:http or node:https becomes a require.
 */
function requireHttp(code: string): string {
  const rewritten = code.replace(
    /import\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s+from\s+["'](?:node:)?(https?)["'];?/g,
    (_, names: string, module: string) => {
      const bindings = names.startsWith("{") ? names.replace(/\s+as\s+/g, ": ") : names;
      return `const ${bindings} = __requireBuiltin("node:${module}");`;
    },
  );
  return rewritten === code
    ? code
    : `import { createRequire as __createRequire } from "node:module";\nconst __requireBuiltin = __createRequire(import.meta.url);\n${rewritten}`;
}

/**
 * Our modules find files beside their sources (the mail's plain CSS, the common-password list, the
 * web build, the renderer they fork): in the bundle `import.meta.dirname`, `import.meta.filename`
 * and `import.meta.url` would name dist/server instead, so they are rewritten to the source's own
 * folder, file and URL, relative to the bundle so the checkout can move.
 */
function sourcePlaces(code: string, id: string): string {
  const folder = relative(SERVER_BUNDLE_DIR, dirname(id));
  const file = relative(SERVER_BUNDLE_DIR, id);
  return code.replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, which: string) => {
    if (which === "dirname") return `(import.meta.dirname + ${JSON.stringify(`/${folder}`)})`;
    if (which === "filename") return `(import.meta.dirname + ${JSON.stringify(`/${file}`)})`;
    return `(new URL(${JSON.stringify(file)}, import.meta.url).href)`;
  });
}

/**
 * Modules that run as threads or processes of their own (the screen renderer is forked). Where our code names one as
 * `new URL("./<module>.ts", import.meta.url)` to start it, the bundle emits the module as a chunk
 * of its own, named by its content's hash like every other chunk, and names that chunk instead: a
 * thread then loads bundled code, as the server does, and a server still running an earlier bundle
 * starts the thread of its own bundle, never one built since.
 */
const THREAD_MODULES = new Set([join(ROOT, "server", "mail", "delivery-thread.ts"), join(ROOT, "server", "site", "prerender-renderer.ts")]);

/** Points `new URL("./<thread module>.ts", import.meta.url)` at the chunk `emit` makes of the module. */
function builtThreads(code: string, id: string, emit: (path: string) => string): string {
  return code.replace(/new URL\(\s*["'](\.{1,2}\/[^"']+\.ts)["']\s*,\s*import\.meta\.url\s*\)/g, (whole, path: string) => {
    const module = join(dirname(id), path);
    return THREAD_MODULES.has(module) ? `new URL(import.meta.ROLLUP_FILE_URL_${emit(module)})` : whole;
  });
}

/**
 * Bundles the server into dist/server/. The bundle is written beside it, then moved in file by
 * file, the chunks first and the entry and its stamp last. A chunk's name carries its content's
 * hash, so a chunk is only ever replaced by itself: a server still running an earlier bundle keeps
 * finding the chunks it loads at first use (nodemailer, WebAuthn, the OpenID Provider), and two
 * bundlers at once write the same files. Chunks no bundle has named for a day are removed.
 *
 * `production`: the bundle of the container image (Containerfile), run only with
 * NODE_ENV=production: without the development modules above, and with the operator CLI
 * (server/cli.ts) as a second entry, cli.js. Its stamp differs, so `npm start` bundles again.
 */
export async function bundleServer({ production = false } = {}): Promise<void> {
  const { rolldown } = await import("rolldown");
  const wanted = serverSourceHash(production);
  const staging = `${SERVER_BUNDLE_DIR}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const bundle = await rolldown({
    input: { main: join(ROOT, "server", "main.ts"), ...(production ? { cli: join(ROOT, "server", "cli.ts") } : {}) },
    platform: "node",
    // Native addons and pg's optional native driver load binaries at run time: left to Node.
    external: [/^@node-rs\//, "pg-native"],
    logLevel: "silent",
    plugins: [
      {
        name: "account-server-sources",
        async resolveId(source, importer, options) {
          if (!production || !importer || !source.startsWith(".")) return null;
          const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
          return resolved && inDevelopmentFolder(resolved.id) && !inDevelopmentFolder(importer) ? NOT_IN_PRODUCTION_BUNDLE : null;
        },
        load(id) {
          if (id !== NOT_IN_PRODUCTION_BUNDLE) return null;
          return 'throw new Error("The demo apps, the demo data and the stand-ins are not in this build of the server: run it with NODE_ENV=production.");';
        },
        transform(code, id) {
          const ours = id.startsWith(ROOT) && !id.includes("/node_modules/");
          const emit = (module: string) => this.emitFile({ type: "chunk", id: module, name: basename(module, ".ts") });
          let out = ours && code.includes("import.meta.") ? sourcePlaces(builtThreads(code, id, emit), id) : code;
          if (/from\s+["'](?:node:)?https?["']/.test(out)) out = requireHttp(out);
          return out === code ? null : out;
        },
      },
    ],
  });
  try {
    await bundle.write({
      dir: staging,
      format: "esm",
      // main.js is what npm start runs (and cli.js the image's CLI); a thread's module is an entry
      // too, named by its hash.
      entryFileNames: (chunk) => (chunk.name === "main" || chunk.name === "cli" ? `${chunk.name}.js` : "[name]-[hash].js"),
      chunkFileNames: "[name]-[hash].js",
    });
  } finally {
    await bundle.close();
  }
  writeFileSync(join(staging, ".source-hash"), wanted);
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  const written = readdirSync(staging);
  const last = ["main.js", "cli.js", ".source-hash"];
  // The chunks go in before main.js: a server started from the new main.js finds them all.
  for (const name of [...written.filter((name) => !last.includes(name)), ...last.filter((name) => written.includes(name))]) {
    renameSync(join(staging, name), join(SERVER_BUNDLE_DIR, name));
  }
  rmSync(staging, { recursive: true, force: true });
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(SERVER_BUNDLE_DIR)) {
    const path = join(SERVER_BUNDLE_DIR, name);
    if (!written.includes(name) && statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
  }
}

/** Bundles the server when dist/server is missing or was bundled from other sources. */
export async function bundleServerIfStale(): Promise<void> {
  if (serverBundleIsCurrent()) return;
  console.log("Bundling the account server (it is missing or its sources changed since the last bundle)...");
  await bundleServer();
}

if (import.meta.main) await bundleServer({ production: process.argv.includes("--production") });
