import { hash, verify } from "@node-rs/argon2";
import { argon2Scheduler } from "./argon2-scheduler.ts";
import { newSecret } from "./tokens.ts";

// argon2id at the OWASP recommendation: 19 MiB of memory, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A new password's hash: queued behind sign-in checks (argon2-scheduler.ts). */
export function hashPassword(password: string): Promise<string> {
  return argon2Scheduler.run("hash", () => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argon2Scheduler.run("verify", () => verify(passwordHash, password));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password: a login for an email without an account (or
 * without a password) costs what a real one costs, so timing tells nothing.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hash(newSecret(), OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
