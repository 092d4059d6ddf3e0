import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The app's modules read their strings through @strings/ (vite.config.ts); the tests read English.
  resolve: { alias: [{ find: /^@strings\//, replacement: fileURLToPath(new URL("./web/i18n/en/", import.meta.url)) }] },
  test: {
    globalSetup: ["./test/global-setup.ts"],
    include: ["test/**/*.test.ts", "common/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts"],
    // Each file starts its own servers and databases, and waits on them, their timers and their
    // mail: two at a time left a two-core machine idle a quarter of the time, three about a tenth
    // (the suite took 313 s against 260 s).
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // @microsoft/signalr's long-polling loop leaves one unhandled rejection behind after a refused
    // handshake, although start() has already rejected with the same error (test/agent-sim.test.ts
    // checks that). Only that one is let through; every other unhandled error still fails the run.
    onUnhandledError(error) {
      if (error.message?.startsWith("Server returned handshake error:") && String(error.stack).includes("@microsoft/signalr")) return false;
    },
  },
});
