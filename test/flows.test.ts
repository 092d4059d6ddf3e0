import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ARCHITECTURE_PATH, countFlows, flowsTable, sharedByEvery, tableIn } from "../scripts/flows.ts";

/** A small tree of modules, to check what the count follows and what it leaves out. */
const PROBE: Record<string, string> = {
  "server/site/probe.ts": `
    import { startProbe } from "../flow/start.ts";
    const later = () => import("../kernel/later.ts");
    export function probeRoutes() { startProbe(); void later; }`,
  "server/flow/start.ts": `
    import type { Shape } from "../kernel/types.ts";
    import { used, unused } from "../kernel/helpers.ts";
    import { brand } from "../../common/index.ts";
    import { other } from "../kernel/other.ts";
    export type { Shape } from "../kernel/types.ts";
    export function startProbe(shape?: Shape): void { used(); brand(); }
    export function offTheFlow() { other(); unused(); }`,
  "server/kernel/helpers.ts": `
    import { deep } from "./deep.ts";
    export function used() { return deep(); }
    export function unused() {}`,
  "server/kernel/deep.ts": "export const deep = () => 1;",
  "server/kernel/types.ts": `import { never } from "./never.ts";\nexport interface Shape { n: typeof never }`,
  "server/kernel/never.ts": "export const never = 1;",
  "server/kernel/other.ts": "export function other() {}",
  "server/kernel/later.ts": "export const later = 1;",
  "common/index.ts": `export { brand } from "./brand.ts";\nexport * from "./more.ts";`,
  "common/brand.ts": "export function brand() {}",
  "common/more.ts": "export const more = 1;",
};

const probeRoot = mkdtempSync(join(tmpdir(), "flows-"));
for (const [path, source] of Object.entries(PROBE)) {
  mkdirSync(dirname(join(probeRoot, path)), { recursive: true });
  writeFileSync(join(probeRoot, path), source);
}
afterAll(() => rmSync(probeRoot, { recursive: true, force: true }));

/** The file counts per flow in docs/architecture.md come from scripts/flows.ts (issue 38). */
describe("the files each flow takes", () => {
  it("follows value imports and re-exports, function by function and module by module, and leaves out types", () => {
    const [count] = countFlows(probeRoot, [{ name: "probe", service: ["startProbe"], route: "probeRoutes" }]);
    expect(count?.serviceModules).toEqual(["server/flow/start.ts"]);
    expect(count?.routeModule).toBe("server/site/probe.ts");
    // offTheFlow's other() and unused() are not on the flow; the barrel passes brand on.
    expect(count?.service.reached).toEqual([
      "common/brand.ts",
      "common/index.ts",
      "server/flow/start.ts",
      "server/kernel/deep.ts",
      "server/kernel/helpers.ts",
    ]);
    // Node loads every import, and all the barrel re-exports; the type-only ones load nothing.
    expect(count?.service.loaded).toEqual([
      "common/brand.ts",
      "common/index.ts",
      "common/more.ts",
      "server/flow/start.ts",
      "server/kernel/deep.ts",
      "server/kernel/helpers.ts",
      "server/kernel/other.ts",
    ]);
    expect(count?.withRoute.reached).toEqual([...(count?.service.reached ?? []), "server/site/probe.ts"]);
    expect(count?.onDemand).toEqual(["server/kernel/later.ts"]);
  });

  it("names the server files every flow reaches, and counts each flow's files beyond them", () => {
    const counts = countFlows(probeRoot, [
      { name: "probe", service: ["startProbe"], route: "probeRoutes" },
      { name: "the other", service: ["offTheFlow"], route: "probeRoutes" },
    ]);
    expect(sharedByEvery(counts)).toEqual([
      "server/flow/start.ts",
      "server/kernel/deep.ts",
      "server/kernel/helpers.ts",
      "server/site/probe.ts",
    ]);
    expect(counts.map((count) => count.beyondShared)).toEqual([[], ["server/kernel/other.ts"]]);
  });

  it("refuses a flow whose function no module exports, rather than counting nothing", () => {
    expect(() => countFlows(probeRoot, [{ name: "gone", service: ["renamedAway"], route: "probeRoutes" }])).toThrow(
      /renamedAway is exported by no module/,
    );
  });

  it("are the figures docs/architecture.md shows (run npm run flows -- --write after moving code)", () => {
    const page = readFileSync(ARCHITECTURE_PATH, "utf8");
    expect(tableIn(page)).toBe(flowsTable(countFlows()));
  });
});
