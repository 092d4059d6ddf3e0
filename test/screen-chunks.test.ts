import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { screenChunks } from "../server/site/screen-chunks.ts";

const MANIFEST = {
  "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_runtime-b.js"] },
  "_runtime-b.js": { file: "assets/runtime-b.js" },
  "features/x/XPage.tsx": { file: "assets/XPage-c.js", isDynamicEntry: true, imports: ["index.html", "_field-d.js"] },
  "_field-d.js": { file: "assets/field-d.js", imports: ["index.html", "_icons-e.js", "_runtime-b.js"] },
  "_icons-e.js": { file: "assets/icons-e.js" },
};

describe("the chunks a screen needs beyond the app's own", () => {
  const dirs: string[] = [];
  const buildWith = (manifest?: object) => {
    const dir = mkdtempSync(join(tmpdir(), "screen-chunks-"));
    dirs.push(dir);
    if (manifest) {
      mkdirSync(join(dir, ".vite"));
      writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    }
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("are the screen's module and what it imports, through every level, less the app's", () => {
    const chunksOf = screenChunks(buildWith(MANIFEST));
    expect(chunksOf("features/x/XPage.tsx")).toEqual(["/assets/XPage-c.js", "/assets/field-d.js", "/assets/icons-e.js"]);
  });

  it("are none for a screen bundled with the app, an unknown module, or a build without a manifest", () => {
    expect(screenChunks(buildWith(MANIFEST))(undefined)).toEqual([]);
    expect(screenChunks(buildWith(MANIFEST))("features/y/YPage.tsx")).toEqual([]);
    expect(screenChunks(buildWith())("features/x/XPage.tsx")).toEqual([]);
  });
});
