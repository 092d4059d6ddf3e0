import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { staticLoads } from "../scripts/flows.ts";

/**
 * The development stand-ins (server/development/) load only by a dynamic import made outside
 * production: a static import from the product's modules would put one in every start, and a
 * production bundle, which replaces the folder with a module that refuses to load, would not start.
 */
const ROOT = join(import.meta.dirname, "..");

/** Each static load of a module of `root`'s server/ (its development folder aside) into that folder. */
function loadsIntoDevelopment(root: string): string[] {
  const development = join(root, "server", "development");
  const modules = (readdirSync(join(root, "server"), { recursive: true }) as string[])
    .map((file) => join(root, "server", file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !file.startsWith(`${development}/`));
  return modules.flatMap((file) =>
    staticLoads(root, file)
      .filter((target) => target.startsWith(`${development}/`))
      .map((target) => `${relative(root, file)} loads ${relative(root, target)}`),
  );
}

describe("the development stand-ins", () => {
  it("are imported by no product module but dynamically", () => {
    expect(loadsIntoDevelopment(ROOT)).toEqual([]);
  });

  it("would be caught: a static import or re-export, and not a dynamic or type-only one", () => {
    const root = mkdtempSync(join(tmpdir(), "development-imports-"));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      for (const standIn of ["seed", "mailbox", "demo-apps/server"]) write(`server/development/${standIn}.ts`, "export const value = 1;\n");
      write("server/importing.ts", 'import { value } from "./development/seed.ts";\nexport const seeded = value;\n');
      write("server/passing-on.ts", 'export { value } from "./development/mailbox.ts";\n');
      write("server/typed.ts", 'import type { value } from "./development/demo-apps/server.ts";\nexport type Value = typeof value;\n');
      write("server/later.ts", 'export const seed = () => import("./development/seed.ts");\n');
      expect(loadsIntoDevelopment(root).sort()).toEqual([
        "server/importing.ts loads server/development/seed.ts",
        "server/passing-on.ts loads server/development/mailbox.ts",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
