import { appendFileSync } from "node:fs";

/**
 * How hard the attack suite pushes. `npm test` runs it small (a few hundred fuzz cases, the quick
 * crash checks); `npm run test:attack` sets ATTACK_FULL=1 for the full counts and the slow crash
 * tests, and ATTACK_CASES_FILE so each family's case count reaches the summary table.
 */
export const FULL = process.env.ATTACK_FULL === "1";

export function scaled(quick: number, full: number): number {
  return FULL ? full : quick;
}

/** Records how many cases a family ran, for the summary `npm run test:attack` prints. */
export function recordCases(family: string, cases: number): void {
  const file = process.env.ATTACK_CASES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ family, cases })}\n`);
}

/** The header pair that makes a request come from elsewhere behind TRUST_PROXY=1. */
export const FROM_OUTSIDE = { "x-forwarded-for": "203.0.113.7" };

/** A response body that gives away the server's insides. */
export function leaksInternals(body: string): boolean {
  return /\bat (?:async )?[\w$.<>]+ \(|node:internal|\/server\/[\w/-]+\.ts|stack/i.test(body);
}

/** Names every JavaScript object answers to without having them as its own. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf", "__defineGetter__"];
