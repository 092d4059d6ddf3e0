import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

/**
 * `npm run test:attack`: the standing attack suite at full strength (10,000+ fuzz cases, the whole
 * open-redirect corpus in Chromium, crash and outage tests on started servers and a private
 * PostgreSQL), then one table: each family, its case count, its tests and failures.
 */
const ROOT = join(import.meta.dirname, "..");
const REPORTS = join(ROOT, "reports", "attack");
const CASES = join(REPORTS, "cases.jsonl");

/** Each file of the suite, and the family it counts for. */
const FAMILIES: Record<string, string> = {
  "open-redirect.test.ts": "open redirects (server)",
  "attack-redirects.spec.ts": "open redirects (browser)",
  "fuzz.test.ts": "fuzzing (JSON and form endpoints)",
  "tokens.test.ts": "one-time tokens",
  "csrf.test.ts": "cross-site requests (CSRF)",
  "dev-routes.test.ts": "development-only routes",
  "prototype-keys.test.ts": "prototype keys",
  "log-redaction.test.ts": "log and telemetry redaction",
  "mail-safety.test.ts": "mail safety (outbox, rejections, claims)",
  "crash.test.ts": "crashes and outages",
  "sign-outs.test.ts": "sign-outs end app sign-ins",
  "provider-surface.test.ts": "OpenID Provider surface",
  "secrets-at-rest.test.ts": "secrets at rest",
  "passkey-attacks.test.ts": "passkeys (replays, forgeries, limits)",
  "taking-back.test.ts": "taking an account back",
  "passwordless-taken-back.test.ts": "a passwordless account taken back",
  "passkey-refusals.spec.ts": "passkey challenges (no page floods the server)",
  "blind-approval.test.ts": "a blind approval on another device",
  "not-me-ends-all.test.ts": '"This wasn\'t me" ends all that browser started',
  "forged-reports.test.ts": "forged mail reports",
};

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
writeFileSync(CASES, "");

const env: NodeJS.ProcessEnv = { ...process.env, ATTACK_FULL: "1", ATTACK_CASES_FILE: CASES };
if (!env.TEST_POSTGRES_URL) {
  const ensured = spawnSync("bash", ["scripts/ensure-postgres.sh"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const line = ensured.stdout.trim().split("\n").at(-1) ?? "";
  if (ensured.status !== 0 || !line.startsWith("TEST_POSTGRES_URL=")) {
    console.error("PostgreSQL is needed for the attack suite (see scripts/ensure-postgres.sh).");
    process.exit(1);
  }
  env.TEST_POSTGRES_URL = line.slice("TEST_POSTGRES_URL=".length);
}

const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { cwd: ROOT, env: { ...env, ...extra }, stdio: "inherit" }).status ?? 1;
const vitestStatus = run("vitest", [
  "run",
  "test/attack",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${join(REPORTS, "vitest.json")}`,
]);
const playwrightReport = join(REPORTS, "e2e.json");
const playwrightStatus = run(
  "playwright",
  ["test", "e2e/attack-redirects.spec.ts", "e2e/passkey-refusals.spec.ts", "--reporter=list,json"],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);

interface Row {
  cases: number;
  passed: number;
  failed: number;
  skipped: number;
}
const rows = new Map<string, Row>(Object.values(FAMILIES).map((family) => [family, { cases: 0, passed: 0, failed: 0, skipped: 0 }]));
const row = (family: string): Row => {
  const found = rows.get(family);
  if (found) return found;
  const added = { cases: 0, passed: 0, failed: 0, skipped: 0 };
  rows.set(family, added);
  return added;
};

for (const line of readFileSync(CASES, "utf8").split("\n").filter(Boolean)) {
  const { family, cases } = JSON.parse(line) as { family: string; cases: number };
  const familyOfFile = Object.values(FAMILIES).find((name) => name === family) ?? family;
  row(familyOfFile).cases += cases;
}

let outsideFailures = 0;
const vitestReport = join(REPORTS, "vitest.json");
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8")) as {
    success: boolean;
    numFailedTests: number;
    testResults: { name: string; assertionResults: { status: string }[] }[];
  };
  for (const file of report.testResults) {
    const target = row(FAMILIES[basename(file.name)] ?? basename(file.name));
    for (const test of file.assertionResults) {
      if (test.status === "passed") target.passed++;
      else if (test.status === "failed") target.failed++;
      else target.skipped++;
    }
    // A file that failed to load has no results: one failure.
    if (file.assertionResults.length === 0) target.failed++;
  }
  if (!report.success && report.numFailedTests === 0) outsideFailures++;
} else outsideFailures++;

if (existsSync(playwrightReport)) {
  type Suite = { file?: string; specs?: { tests: { status: string }[] }[]; suites?: Suite[] };
  const report = JSON.parse(readFileSync(playwrightReport, "utf8")) as { suites: Suite[] };
  const walk = (suite: Suite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const target = row(FAMILIES[basename(here)] ?? basename(here));
      for (const test of spec.tests) {
        if (test.status === "expected") target.passed++;
        else if (test.status === "skipped") target.skipped++;
        else target.failed++;
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite, suite.file ?? "");
} else outsideFailures++;

const header = ["family", "cases", "tests", "failed"];
const table = [...rows].map(([family, counts]) => [
  family,
  String(counts.cases),
  String(counts.passed + counts.failed),
  String(counts.failed),
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => (cells[column] ?? "").length)));
const format = (cells: string[]) =>
  cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
const totals = [...rows.values()].reduce((sum, counts) => ({ cases: sum.cases + counts.cases, failed: sum.failed + counts.failed }), {
  cases: 0,
  failed: 0,
});
const failures = totals.failed + outsideFailures;
console.log(`\n${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
for (const cells of table) console.log(format(cells));
if (outsideFailures) console.log(`(${outsideFailures} failure(s) outside the tests: a runner errored or produced no report)`);
console.log(`\nattack: ${rows.size} families, ${totals.cases} cases, ${failures} failures`);
process.exit(failures === 0 && vitestStatus === 0 && playwrightStatus === 0 ? 0 : 1);
