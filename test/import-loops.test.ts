import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FOLDERS = ["server", "web", "common"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A module's imports of other modules of the product, static and lazy (`import("./x.ts")`) alike; types left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/gm),
    ...text.matchAll(/^\s*import\s+"(\.{1,2}\/[^"]+)"/gm),
    ...text.matchAll(/\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g),
  ].map((match) => resolve(dirname(file), match[1] as string));
  return found.filter((path) => /\.(ts|tsx)$/.test(path));
}

/** The loops of a graph: its strongly connected parts of more than one module, or a module importing itself (Tarjan). */
function loops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * No module of the product reaches itself through its imports, lazy ones included: a loop makes
 * the order modules start in depend on which is loaded first, and hides which is the lower layer.
 */
it("has no loop of imports in server/, web/ or common/, lazy ones included", () => {
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS) for (const file of sourceFiles(join(ROOT, folder))) graph.set(file, importsOf(file));
  expect(graph.size).toBeGreaterThan(300);
  expect(loops(graph).map((part) => part.map((file) => relative(ROOT, file)))).toEqual([]);

  // The probe: a loop drawn into a copy of the graph is found.
  const [first, second] = [...graph.keys()];
  const probe = new Map(graph);
  probe.set(first as string, [second as string]);
  probe.set(second as string, [first as string]);
  expect(loops(probe).length).toBeGreaterThan(0);
});
