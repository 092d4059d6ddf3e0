import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Every module of the product (tests aside), in the folders that hold it. */
function modules(): string[] {
  return ["server", "web", "common"].flatMap((folder) =>
    (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.ts$/.test(file) && !file.includes("node_modules"))
      .map((file) => join(ROOT, folder, file)),
  );
}

/**
 * The relative imports of a module, type-only ones too: `import … from`, `export … from`,
 * `import "…"`, and lazy ones, `import("…")`, which close a circle as surely once they have run.
 */
const IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => resolve(dirname(file), (match[1] ?? match[2]) as string))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The circles of a graph: its strongly connected parts of more than one module, or a module importing itself (Tarjan). */
function circlesIn(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * No circle of imports anywhere in server/, web/ or common/, type-only and lazy imports included: a circle
 * hides which module depends on which, and a runtime one leaves a module half-made when another
 * reads it.
 */
describe("the modules' imports", () => {
  it("finds a circle where there is one (the check can fail)", () => {
    const probe = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(circlesIn(probe)).toEqual([["a", "b", "c"], ["e"]]);
    expect(
      circlesIn(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("form no circle in server/, web/ or common/", () => {
    const files = modules();
    expect(files.length).toBeGreaterThan(300);
    const circles = circlesIn(importGraph(files)).map((part) => part.map((file) => relative(ROOT, file)));
    expect(circles).toEqual([]);
  });
});
