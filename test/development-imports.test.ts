import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The development stand-ins (server/development/) load only by a dynamic import made outside
 * production: a static import from the product's modules would put one in every start, and a
 * production bundle, which replaces the folder with a module that refuses to load, would not start.
 */
const ROOT = join(import.meta.dirname, "..");
const DEVELOPMENT = join(ROOT, "server", "development");

/** The modules a source loads statically (type-only imports load nothing). */
function staticImports(source: string): string[] {
  const statements = source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s*)?["']([^"']+)["']/gm);
  return [...statements].map((match) => match[1] ?? "");
}

function intoDevelopment(file: string, source: string): string[] {
  return staticImports(source)
    .filter((specifier) => specifier.startsWith("."))
    .filter((specifier) => resolve(dirname(file), specifier).startsWith(`${DEVELOPMENT}/`))
    .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`);
}

function productModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === DEVELOPMENT ? [] : productModules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the development stand-ins", () => {
  it("are imported by no product module but dynamically", () => {
    const found = productModules(join(ROOT, "server")).flatMap((file) => intoDevelopment(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("would be caught: a static import or re-export, and not a dynamic or type-only one", () => {
    const file = join(ROOT, "server", "app.ts");
    const probe = [
      'import { seedDemoData } from "./development/seed.ts";',
      'export { DEMO_ACCOUNTS } from "./development/seed.ts";',
      'import "./development/mailbox.ts";',
      'import type { DemoApps } from "./development/demo-apps/server.ts";',
      'const seed = await import("./development/seed.ts");',
    ].join("\n");
    expect(intoDevelopment(file, probe)).toEqual([
      "server/app.ts imports ./development/seed.ts",
      "server/app.ts imports ./development/seed.ts",
      "server/app.ts imports ./development/mailbox.ts",
    ]);
  });
});
