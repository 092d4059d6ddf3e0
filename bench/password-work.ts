import { hash, verify } from "@node-rs/argon2";
import { argon2Scheduler } from "../server/secrets/argon2-scheduler.ts";
import { hashPassword, verifyPassword } from "../server/secrets/passwords.ts";
import { startTestServer } from "../test/support/app.ts";

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timeLogins(passwordHash: string, runs: number, check: (hashed: string) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await check(passwordHash);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Keeps `width` new-password hashes in flight until stopped. */
function flood(width: number, hashOne: () => Promise<unknown>): () => Promise<void> {
  let running = true;
  const lanes = Array.from({ length: width }, async () => {
    while (running) await hashOne().catch(() => undefined);
  });
  return async () => {
    running = false;
    await Promise.all(lanes);
  };
}

/**
 * A login's argon2 check alone, while 16 new-password hashes are kept in flight straight on the
 * thread pool (as before the scheduler), and while they go through the scheduler.
 */
export async function measureLoginUnderHashing(
  runs = 20,
): Promise<{ alone: number; unscheduled: number; scheduled: number; concurrency: number }> {
  const stored = await hash("bench-password-1", OPTIONS);
  const login = (hashed: string) => verifyPassword(hashed, "bench-password-1");
  const alone = await timeLogins(stored, runs, login);
  let stop = flood(16, () => hash("flood-password-1", OPTIONS));
  const unscheduled = await timeLogins(stored, runs, (hashed) => verify(hashed, "bench-password-1"));
  await stop();
  stop = flood(16, () => hashPassword("flood-password-1"));
  const scheduled = await timeLogins(stored, runs, login);
  await stop();
  return { alone, unscheduled, scheduled, concurrency: argon2Scheduler.concurrency };
}

/** Median answer time of a reset request for an email with an account and one without. */
export async function measureResetAnswers(runs = 15): Promise<{ known: number; unknown: number }> {
  const server = await startTestServer("sqlite", { PASSWORD_RESET_LIMIT_PER_EMAIL: "1000", PASSWORD_RESET_LIMIT_PER_IP: "1000" });
  try {
    await server.app.inject({ method: "GET", url: "/healthz" });
    const { createAccount } = await import("../server/auth/kernel/accounts.ts");
    await createAccount(server.db, { email: "bench-known@example.com" });
    const time = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await server.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email } });
        times.push(performance.now() - started);
      }
      return median(times);
    };
    return { known: await time("bench-known@example.com"), unknown: await time("bench-unknown@example.com") };
  } finally {
    await server.stop();
  }
}
