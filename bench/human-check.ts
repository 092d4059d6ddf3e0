import { solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { loadConfig } from "../server/base/config.ts";
import { issueProofOfWork } from "../server/challenge/proof-of-work.ts";

/**
 * The human check's cost (decision 93), printed, judged by nobody:
 * - the server's: proof-of-work challenges made, and proofs checked, per CPU-second (a bot that
 *   asks for challenges it never solves costs the server the first; each proof, the second);
 * - the solver's, in Node on this machine: how long a challenge at CHALLENGE_DIFFICULTY and at
 *   CHALLENGE_MAX_DIFFICULTY takes to solve on one thread (the browser's figures come from its own
 *   run, below, when Chromium is here).
 * `npx node bench/human-check.ts`
 */
const config = loadConfig({ NODE_ENV: "test", CAPTCHA_PROVIDER: "pow" });
const settings = config.challenge;

async function perCpuSecond(work: () => Promise<unknown>, ms = 2000): Promise<number> {
  let count = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - started < ms) {
    await work();
    count += 1;
  }
  const { user, system } = process.cpuUsage(cpu);
  return count / ((user + system) / 1e6);
}

async function measureServerSide(): Promise<{ issuedPerCpuSecond: number; checkedPerCpuSecond: number }> {
  const challenge = await issueProofOfWork(settings, "access-link", 1000);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("unsolved");
  const keySecret = (await import("node:crypto")).createHash("sha256").update(`derived keys\u0000${settings.secret}`).digest("base64");
  const issuedPerCpuSecond = await perCpuSecond(() => issueProofOfWork(settings, "access-link", settings.difficulty));
  const checkedPerCpuSecond = await perCpuSecond(async () => {
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: settings.secret, hmacKeySignatureSecret: keySecret });
    if (!result.verified) throw new Error("a proof that holds was refused");
  });
  return { issuedPerCpuSecond, checkedPerCpuSecond };
}

async function measureNodeSolve(difficulty: number, rounds = 5): Promise<{ medianMs: number }> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const challenge = await issueProofOfWork(settings, "access-link", difficulty);
    const started = performance.now();
    if (!(await solveChallenge({ challenge, deriveKey }))) throw new Error("unsolved");
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0 };
}

if (import.meta.main) {
  const server = await measureServerSide();
  console.log("Proof of work on the server (per CPU-second):");
  console.log(`  challenges made: ${server.issuedPerCpuSecond.toFixed(0)}; proofs checked: ${server.checkedPerCpuSecond.toFixed(0)}`);
  for (const difficulty of [settings.difficulty, settings.maxDifficulty]) {
    const { medianMs } = await measureNodeSolve(difficulty, difficulty > 100_000 ? 3 : 5);
    console.log(`  solved in Node, one thread, difficulty ${difficulty}: median ${medianMs.toFixed(0)} ms`);
  }
}
