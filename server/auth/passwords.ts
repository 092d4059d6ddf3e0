import { hash, verify } from "@node-rs/argon2";
import { newSecret } from "./tokens.ts";

// argon2id at the OWASP recommendation: 19 MiB of memory, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password: a login for an email without an account (or
 * without a password) costs what a real one costs, so timing tells nothing.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(newSecret());
  await verify(await dummyHash, password);
  return false;
}
