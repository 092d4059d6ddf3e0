import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./test/support/chromium.ts";

/**
 * End-to-end tests: the real account server (started per worker by e2e/fixtures.ts) on a real
 * SQLite file, mail through a real SMTP sink, in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: "retain-on-failure",
  },
});
