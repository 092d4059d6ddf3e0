import { existsSync, readFileSync } from "node:fs";

/** Adds up the Vitest and Playwright reports into the one closing line: "tests: N passed, N failed". */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function read(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const missing: string[] = [];

const vitest = read("reports/vitest.json") as
  | { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; success: boolean }
  | undefined;
if (vitest) {
  total.passed += vitest.numPassedTests;
  total.failed += vitest.numFailedTests;
  total.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // An error outside any test (an unhandled rejection, a failed file) fails the run without
  // failing a test: it counts as one failure here too.
  if (!vitest.success && vitest.numFailedTests === 0) {
    total.failed += 1;
    console.log("Vitest reported an error outside the tests (see above)");
  }
} else missing.push("Vitest");

const playwright = read("reports/e2e.json") as
  | { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
  | undefined;
if (playwright) {
  total.passed += playwright.stats.expected;
  total.failed += playwright.stats.unexpected + playwright.stats.flaky;
  total.skipped += playwright.stats.skipped;
} else missing.push("Playwright");

// A runner that produced no report failed before it could count: that is a failure too.
total.failed += missing.length;
if (missing.length) console.log(`no report from ${missing.join(" and ")}`);
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
