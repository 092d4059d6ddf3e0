import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

/**
 * The server's floors (docs/architecture.md, "Layers"): a module imports its own floor and the
 * floors below it, never one above. Every module of server/ is parsed; static imports, re-exports
 * and import() count alike (a lazy import still runs upward), type-only ones do not (they are
 * erased and load nothing). biome.json holds the rules inside a floor (a way in never imports
 * another); this test holds the order of the floors.
 */
const ROOT = join(import.meta.dirname, "..");

const DOOR = /^server\/(?:auth\/[^/]+\/(?:[^/]+\/)?http|provider\/http|telemetry\/http)\.ts$/;

/** From the bottom up: each floor by the paths it holds. A door is matched before its folder. */
const FLOORS: { name: string; holds: (path: string) => boolean }[] = [
  { name: "strings", holds: (path) => path.startsWith("server/i18n/") },
  { name: "base (settings, errors, context)", holds: (path) => path.startsWith("server/base/") },
  { name: "stores (secrets, database)", holds: (path) => /^server\/(?:secrets|db)\//.test(path) },
  { name: "mail", holds: (path) => path.startsWith("server/mail/") },
  { name: "challenge (the human check's providers)", holds: (path) => path.startsWith("server/challenge/") },
  { name: "kernel", holds: (path) => path.startsWith("server/auth/kernel/") },
  { name: "telemetry", holds: (path) => path.startsWith("server/telemetry/") && !DOOR.test(path) },
  { name: "rooms (ways in, account, support)", holds: (path) => path.startsWith("server/auth/") && !DOOR.test(path) },
  { name: "http (transport)", holds: (path) => path.startsWith("server/http/") },
  { name: "provider", holds: (path) => path.startsWith("server/provider/") && !DOOR.test(path) },
  { name: "doors", holds: (path) => DOOR.test(path) },
  { name: "site (pages)", holds: (path) => path.startsWith("server/site/") },
  { name: "development", holds: (path) => path.startsWith("server/development/") },
  { name: "operator", holds: (path) => path.startsWith("server/operator/") },
  { name: "start-up", holds: (path) => /^server\/[^/]+\.ts$/.test(path) },
];

function floorOf(path: string): number {
  const floor = FLOORS.findIndex(({ holds }) => holds(path));
  if (floor < 0) throw new Error(`${path} stands on no floor: give its folder one in test/layers.test.ts`);
  return floor;
}

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function* everyNode(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const item of node) yield* everyNode(item);
  else if (isNode(node)) {
    yield node;
    for (const [key, child] of Object.entries(node)) if (key !== "type" && typeof child === "object") yield* everyNode(child);
  }
}

/** The relative modules a source loads: imports and re-exports that are not type-only, and import() of a string. */
function loadedSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  for (const node of everyNode(parseAst(source, { lang: "ts" }))) {
    const declaration = ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"].includes(node.type);
    if (declaration && node.source && node.importKind !== "type" && node.exportKind !== "type")
      specifiers.push((node.source as { value: string }).value);
    if (node.type === "ImportExpression" && isNode(node.source) && typeof node.source.value === "string")
      specifiers.push(node.source.value);
  }
  return specifiers.filter((specifier) => specifier.startsWith("."));
}

/** What runs upward in one module: `from → to (floor → floor)` for each import of a higher floor. */
function upwardImports(path: string, source: string): string[] {
  const from = floorOf(path);
  return loadedSpecifiers(source).flatMap((specifier) => {
    const target = normalize(join(dirname(path), specifier));
    if (!target.startsWith("server/")) return [];
    const to = floorOf(target);
    return to > from ? [`${path} → ${target} (${FLOORS[from]?.name} imports ${FLOORS[to]?.name})`] : [];
  });
}

function serverModules(): string[] {
  return (readdirSync(join(ROOT, "server"), { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.endsWith(".test.ts"))
    .map((file) => `server/${file.split("\\").join("/")}`);
}

describe("the server's floors", () => {
  it("no module imports a floor above its own", () => {
    const found = serverModules().flatMap((path) => upwardImports(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  it("every module stands on a floor", () => {
    for (const path of serverModules()) expect(() => floorOf(path), path).not.toThrow();
  });

  /** Probes, so that the rule cannot pass by finding nothing. */
  it.each([
    { path: "server/base/config.ts", source: `import { x } from "../auth/kernel/rate-limit.ts";`, refused: true },
    { path: "server/base/context.ts", source: `import type { MailWorker } from "../mail/worker.ts";`, refused: false },
    { path: "server/base/context.ts", source: `import { type MailWorker } from "../mail/worker.ts";`, refused: true },
    { path: "server/mail/templates.ts", source: `import { sendPlainPage } from "../http/html.ts";`, refused: true },
    { path: "server/auth/kernel/sessions.ts", source: `const m = await import("../not-me/not-me.ts");`, refused: true },
    { path: "server/auth/kernel/sessions.ts", source: `export { x } from "../../telemetry/store.ts";`, refused: true },
    { path: "server/auth/password/password-login.ts", source: `import { x } from "./http.ts";`, refused: true },
    { path: "server/auth/password/http.ts", source: `import { x } from "./password-login.ts";`, refused: false },
    { path: "server/auth/account/email-change/http.ts", source: `import { x } from "../../../http/caller.ts";`, refused: false },
    { path: "server/http/caller.ts", source: `import { x } from "../provider/service.ts";`, refused: true },
    { path: "server/provider/service.ts", source: `import { x } from "../http/caller.ts";`, refused: false },
    { path: "server/development/seed.ts", source: `import { x } from "../app.ts";`, refused: true },
    { path: "server/auth/google/http.ts", source: `await import("../../development/google-stand-in.ts");`, refused: true },
    { path: "server/i18n/en.ts", source: `import { AppError } from "../base/errors.ts";`, refused: true },
    { path: "server/app.ts", source: `import { x } from "./development/seed.ts";`, refused: false },
    { path: "server/telemetry/store.ts", source: `import { x } from "../auth/kernel/rate-limit.ts";`, refused: false },
    { path: "server/telemetry/store.ts", source: `import { x } from "../auth/password/password-login.ts";`, refused: true },
  ])("$path: $source → refused $refused", ({ path, source, refused }) => {
    expect(upwardImports(path, source).length > 0).toBe(refused);
  });
});

/**
 * The sizes the layout keeps (docs/decisions/0092): server/'s root holds start-up alone, and the
 * kernel what every sign-in does; what one room uses lives in that room.
 */
const SIZE_RULES: { folder: string; most: number }[] = [
  { folder: "server", most: 6 },
  { folder: "server/auth/kernel", most: 24 },
];

/** Each folder over its most, with the files it holds (subfolders aside). */
function oversized(filesIn: (folder: string) => string[]): string[] {
  return SIZE_RULES.flatMap(({ folder, most }) => {
    const files = filesIn(folder);
    return files.length > most ? [`${folder}: ${files.length} files, at most ${most}: ${files.join(", ")}`] : [];
  });
}

describe("the layout's sizes", () => {
  it("keeps server/'s root to start-up and the kernel to what every sign-in does", () => {
    const filesIn = (folder: string) =>
      readdirSync(join(ROOT, folder), { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    expect(filesIn("server")).toContain("main.ts");
    expect(oversized(filesIn)).toEqual([]);
  });

  it.each([
    { folder: "server", count: 7, refused: true },
    { folder: "server", count: 6, refused: false },
    { folder: "server/auth/kernel", count: 25, refused: true },
    { folder: "server/auth/kernel", count: 24, refused: false },
  ])("$folder with $count files: refused $refused", ({ folder, count, refused }) => {
    const filesIn = (asked: string) => (asked === folder ? Array.from({ length: count }, (_, index) => `probe-${index}.ts`) : []);
    expect(oversized(filesIn).length > 0).toBe(refused);
  });
});
