import { measureAgentDetection } from "./agent-detect.ts";
import { printCeilings } from "./ceilings.ts";
import { describeLighthouse, measureLighthouse } from "./lighthouse.ts";
import { LOGIN_BUDGET_BYTES, measureLoginBundle } from "./login-bundle.ts";
import { printMailBurst } from "./mail-burst.ts";
import { printMailFeedback } from "./mail-feedback.ts";
import { describeOperations, measureOperations } from "./operations.ts";
import { describePasswordLogins, measurePasswordLogins } from "./password-logins.ts";
import { measureLoginUnderHashing, measureResetAnswers } from "./password-work.ts";
import { startPostgresAsTheTestsDo } from "./postgres.ts";
import { describeSessionRun, measureServerFootprint, measureSessionCheck } from "./session-check.ts";
import { measureTelemetryCost, TELEMETRY_BUDGET_BYTES } from "./telemetry-cost.ts";
import { describeTelemetryReport, measureTelemetryReport } from "./telemetry-report.ts";

/** `npm run bench`: prints every figure; judges nothing (these machines are shared and noisy). */

startPostgresAsTheTestsDo();
const bundle = await measureLoginBundle();
console.log("Login route (/dsone/login) JavaScript, as Chromium loaded it (the SignalR client must not be among it):");
for (const file of bundle.files)
  console.log(
    `  ${file.url.padEnd(48)} ${(file.raw / 1024).toFixed(1).padStart(7)} KB raw ${(file.gzip / 1024).toFixed(1).padStart(6)} KB gzip${file.afterLoad ? "  (after load)" : ""}`,
  );
console.log(
  `  total: ${(bundle.totalGzip / 1024).toFixed(1)} KB gzip of a ${LOGIN_BUDGET_BYTES / 1024} KB budget (${bundle.totalGzip} bytes)`,
);
console.log(
  `  before the load event: ${bundle.criticalGzip} bytes gzip; after it (deferred): ${bundle.totalGzip - bundle.criticalGzip} bytes gzip`,
);
console.log(`  SignalR client among it: ${bundle.signalR ? "YES" : "no"}`);
for (const { encoding, totalBytes, scriptBytes } of bundle.transfers)
  console.log(`  on the wire, browser accepting ${encoding}: ${totalBytes} B in all, of which ${scriptBytes} B JavaScript`);
console.log("");

const telemetry = await measureTelemetryCost();
console.log("Browser telemetry's cost to the login route (two builds in this run, gzip):");
console.log(`  entry chunk with page views only: ${telemetry.without} B; with the telemetry: ${telemetry.withEntry} B`);
console.log(`  collector chunk (after load): ${telemetry.collector} B`);
console.log(`  growth: ${telemetry.growth} B of a ${TELEMETRY_BUDGET_BYTES} B allowance\n`);

const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
console.log(
  `Lighthouse, mobile (simulated slow 4G, 4x slower CPU), the median of ${lighthouseRuns} runs; goals: score 1.00, LCP <= 1.2 s, TBT <= 50 ms, CLS 0:`,
);
for (const line of describeLighthouse(await measureLighthouse(lighthouseRuns))) console.log(line);
console.log("");

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
console.log(`Session check under autocannon (10 connections, ${seconds} s each; goal 5,000/s per core on SQLite):`);
for (const line of describeSessionRun(await measureSessionCheck("sqlite", 1, seconds))) console.log(line);
if (process.env.TEST_POSTGRES_URL) {
  for (const line of describeSessionRun(await measureSessionCheck("postgres", 1, seconds))) console.log(line);
  for (const line of describeSessionRun(await measureSessionCheck("postgres", 2, seconds))) console.log(line);
} else console.log("  PostgreSQL: skipped (set TEST_POSTGRES_URL, or run through npm run bench, which starts the local cluster)");

if (process.env.TEST_POSTGRES_URL) {
  console.log("\nWhat each operation costs one instance and PostgreSQL (bench/operations.ts):");
  for (const line of describeOperations(await measureOperations("postgres"))) console.log(line);
}
console.log("\nWhat the libraries allow at best (bench/ceilings.ts):");
await printCeilings();

console.log("");
await printMailBurst();

console.log("");
await printMailFeedback();

console.log(`\nPassword logins per core against argon2id (${seconds} s each):`);
for (const line of describePasswordLogins(await measurePasswordLogins(seconds, "sqlite"))) console.log(line);
if (process.env.TEST_POSTGRES_URL)
  for (const line of describePasswordLogins(await measurePasswordLogins(seconds, "postgres"))) console.log(line);

const footprint = await measureServerFootprint(seconds);
console.log("\nThe server process (SQLite; goal: at most 150 MB resident at idle):");
console.log(`  from start to its first answer: ${Math.round(footprint.startMs)} ms`);
console.log(`  resident memory at idle: ${footprint.idleMb.toFixed(1)} MB`);
console.log(`  resident memory after ${footprint.afterLoadRequests} session checks: ${footprint.afterLoadMb.toFixed(1)} MB\n`);

const detection = await measureAgentDetection();
console.log(`\nDesktop agent detection (median of ${detection.runs} runs, five ports probed at once):`);
console.log(`  agent present on the third port: ${detection.presentMs.toFixed(1)} ms`);
console.log(`  no agent (every port refused):   ${detection.absentMs.toFixed(1)} ms`);

const argon = await measureLoginUnderHashing();
console.log(`\nA login's argon2 check (median of 20), argon2 concurrency ${argon.concurrency}:`);
console.log(`  alone:                                         ${argon.alone.toFixed(1)} ms`);
console.log(`  16 new-password hashes in flight, unscheduled: ${argon.unscheduled.toFixed(1)} ms`);
console.log(`  16 new-password hashes in flight, scheduled:   ${argon.scheduled.toFixed(1)} ms`);

const reset = await measureResetAnswers();
console.log("\nReset request answer time (median of 15), which must not tell whether an account exists:");
console.log(`  known email:   ${reset.known.toFixed(1)} ms`);
console.log(`  unknown email: ${reset.unknown.toFixed(1)} ms`);

console.log("\nTelemetry's cost to the operations page:");
for (const line of describeTelemetryReport(await measureTelemetryReport())) console.log(line);
