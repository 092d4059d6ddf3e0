import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_BUNDLE_DIR, serverBundleIsCurrent } from "../scripts/bundle-server.ts";

/** The server bundle the test run's set-up made (test/global-setup.ts), as npm start runs it. */
describe("the server bundle", () => {
  it("starts the mail delivery thread from a chunk named by its content, which it ships", () => {
    expect(serverBundleIsCurrent()).toBe(true);
    // Every chunk main.js reaches, by static or dynamic import, however deep: the thread's starter
    // may sit a few imports away as the bundler splits the server.
    const main = readFileSync(join(SERVER_BUNDLE_DIR, "main.js"), "utf8");
    const importsOf = (code: string) =>
      [...code.matchAll(/(?:import\(|from\s*|import\s*)"\.\/([\w-]+\.js)"/g)].map((match) => match[1] as string);
    const reached = new Set<string>();
    const waiting = importsOf(main);
    while (waiting.length > 0) {
      const chunk = waiting.pop() as string;
      if (reached.has(chunk)) continue;
      reached.add(chunk);
      waiting.push(...importsOf(readFileSync(join(SERVER_BUNDLE_DIR, chunk), "utf8")));
    }
    const starters = [...reached].filter((chunk) =>
      /new Worker\(new URL\(new URL\("delivery-thread-/.test(readFileSync(join(SERVER_BUNDLE_DIR, chunk), "utf8")),
    );
    expect(starters).toHaveLength(1);
    const starter = readFileSync(join(SERVER_BUNDLE_DIR, starters[0] as string), "utf8");
    const threads = [...starter.matchAll(/new Worker\(new URL\(new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) => match[1]);
    // A fixed name (delivery-thread.js) would let a server of an earlier bundle start a later bundle's thread.
    expect(threads).toHaveLength(1);
    const thread = threads[0] as string;
    expect(thread).toMatch(/^delivery-thread-[\w-]{8}\.js$/);
    expect(existsSync(join(SERVER_BUNDLE_DIR, thread))).toBe(true);
    expect(readFileSync(join(SERVER_BUNDLE_DIR, thread), "utf8")).toContain("parentPort");
    // The compile-cache warm-up (--load-only) loads that same chunk, so its compiled code is cached.
    expect(main).toContain(`"./${thread}"`);
  });
});
