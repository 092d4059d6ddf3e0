import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, join } from "node:path";

/** One stack frame that points into a built asset: `…/assets/index-Ab12.js:1:2345`. */
const ASSET_FRAME = /(?:https?:\/\/[^\s()]+)?\/assets\/([A-Za-z0-9_.-]+\.js):(\d+):(\d+)/g;

export interface MappedStack {
  stack: string;
  /** The first frame that maps to a source file, as `web/…/File.tsx:12:5`; undefined when none does. */
  source: string | undefined;
}

/**
 * Maps the browser's stack frames back to source files with the build's hidden source maps
 * (dist/web/assets/*.map, which the static server refuses to serve). Maps are read once, when a
 * report first needs them; a missing or unreadable map leaves its frames as they were.
 */
export class StackMapper {
  readonly #assetsDir: string;
  readonly #maps = new Map<string, SourceMap | null>();

  constructor(webBuildDir: string) {
    this.#assetsDir = join(webBuildDir, "assets");
  }

  map(stack: string): MappedStack {
    let source: string | undefined;
    const mapped = stack.replace(ASSET_FRAME, (frame, file: string, line: string, column: string) => {
      const origin = this.#mapFor(file)?.findOrigin(Number(line), Number(column));
      if (!origin || !("fileName" in origin) || !origin.fileName) return frame;
      const location = `${sourcePath(origin.fileName)}:${origin.lineNumber}:${origin.columnNumber}`;
      source ??= location;
      return location;
    });
    return { stack: mapped, source };
  }

  #mapFor(file: string): SourceMap | null {
    const name = basename(file);
    if (!this.#maps.has(name)) {
      // Reports name assets freely; the cache is bounded so made-up names cannot grow it.
      if (this.#maps.size >= 500) this.#maps.clear();
      let map: SourceMap | null = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(join(this.#assetsDir, `${name}.map`), "utf8")));
      } catch {
        // No map for this asset (an old build, a tampered report): the frame stays as it was.
      }
      this.#maps.set(name, map);
    }
    return this.#maps.get(name) ?? null;
  }
}

/** "../../web/app/App.tsx" → "web/app/App.tsx": the path inside the repository. */
function sourcePath(fileName: string): string {
  return fileName.replace(/^(\.\.\/)+/, "").replace(/^\/+/, "");
}
