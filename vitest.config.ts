import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "common/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts"],
    // Each file starts its own servers and databases; two at a time suits a two-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
