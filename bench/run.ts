import { measureAgentDetection } from "./agent-detect.ts";
import { LOGIN_BUDGET_BYTES, measureLoginBundle } from "./login-bundle.ts";
import { measureLoginUnderHashing, measureResetAnswers } from "./password-work.ts";
import { describeRun, measureSessionCheck } from "./session-check.ts";
import { measureTelemetryCost, TELEMETRY_BUDGET_BYTES } from "./telemetry-cost.ts";

/** `npm run bench`: prints every figure; judges nothing (these machines are shared and noisy). */
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

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { signedIn, anonymous } = await measureSessionCheck(seconds);
console.log(`Session check under autocannon (10 connections, ${seconds} s each):`);
console.log(`  ${describeRun("signed in", signedIn)}`);
console.log(`  ${describeRun("anonymous", anonymous)}`);

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
