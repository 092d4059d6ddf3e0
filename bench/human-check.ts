import { chromium, type Page } from "@playwright/test";
import { solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { loadConfig } from "../server/base/config.ts";
import { issueProofOfWork } from "../server/challenge/proof-of-work.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";
import { spawnServer } from "../test/support/spawn-server.ts";

/**
 * The human check's cost (decision 93), printed, judged by nobody:
 * - the server's: proof-of-work challenges made, and proofs checked, per CPU-second (a bot that
 *   asks for challenges it never solves costs the server the first; each proof, the second);
 * - the solver's, in Node on this machine: how long a challenge at CHALLENGE_DIFFICULTY and at
 *   CHALLENGE_MAX_DIFFICULTY takes to solve on one thread;
 * - the customer's, in Chromium through the real sign-in screen: how much longer a link request
 *   takes when it is asked for the check (its dialog, the two workers' search, the request sent
 *   again) than the free request before it, at full speed and with the CPU slowed four and six
 *   times (Chrome's own stand-in for a mid-range and a low-end phone).
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
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: settings.secret,
      hmacKeySignatureSecret: keySecret,
    });
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

/**
 * The median extra time of a challenged link request over a free one, in Chromium with the CPU
 * slowed `slowdown` times: each round a new address asks twice (CHALLENGE_THRESHOLD 1 percent of
 * a limit of 100 per address: the second request is just past the threshold, at
 * CHALLENGE_DIFFICULTY).
 */
async function measureInBrowser(
  page: Page,
  url: string,
  slowdown: number,
  rounds: number,
): Promise<{ freeMs: number; challengedMs: number }> {
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  const free: number[] = [];
  const challenged: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const email = `bench.${slowdown}.${round}.${Date.now()}@example.com`;
    for (const times of [free, challenged]) {
      await page.goto(`${url}/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui`);
      await page.locator("input[type=email]").fill(email);
      const started = performance.now();
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/access-link") && response.status() === 200);
      await page.locator("form button[type=submit]").first().click();
      await answered;
      times.push(performance.now() - started);
    }
  }
  await session.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { freeMs: median(free), challengedMs: median(challenged) };
}

if (import.meta.main) {
  const serverSide = await measureServerSide();
  console.log("Proof of work on the server (per CPU-second):");
  console.log(
    `  challenges made: ${serverSide.issuedPerCpuSecond.toFixed(0)}; proofs checked: ${serverSide.checkedPerCpuSecond.toFixed(0)}`,
  );
  for (const difficulty of [settings.difficulty, settings.maxDifficulty]) {
    const { medianMs } = await measureNodeSolve(difficulty, difficulty > 100_000 ? 3 : 5);
    console.log(`  solved in Node, one thread, difficulty ${difficulty}: median ${medianMs.toFixed(0)} ms`);
  }

  buildIfStale();
  const server = await spawnServer({
    CAPTCHA_PROVIDER: "pow",
    CHALLENGE_THRESHOLD: "1",
    ACCESS_LINK_LIMIT_PER_EMAIL: "100",
    ACCESS_LINK_LIMIT_PER_IP: "1000000",
    LOG_LEVEL: "error",
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage();
    console.log(`In Chromium, a link request asked for the check at difficulty ${settings.difficulty} (median of 5):`);
    for (const slowdown of [1, 4, 6]) {
      const { freeMs, challengedMs } = await measureInBrowser(page, server.url, slowdown, 5);
      console.log(
        `  CPU ${slowdown}x slower: free ${freeMs.toFixed(0)} ms, checked ${challengedMs.toFixed(0)} ms (the check adds ${(challengedMs - freeMs).toFixed(0)} ms)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
