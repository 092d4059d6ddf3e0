/** Durations in configuration are written as a number and a unit: "30m", "1h", "1d". */
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;

export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  return amount > 0 ? amount * UNIT_MS[match[2] as Unit] : undefined;
}

const WORDS: [Unit, string][] = [
  ["d", "day"],
  ["h", "hour"],
  ["m", "minute"],
  ["s", "second"],
];

/** "1 hour", "2 days", "90 minutes": the largest unit that divides the duration exactly. */
export function describeDuration(ms: number): string {
  for (const [unit, word] of WORDS) {
    const amount = ms / UNIT_MS[unit];
    if (Number.isInteger(amount) && amount >= 1) return `${amount} ${word}${amount === 1 ? "" : "s"}`;
  }
  return `${Math.round(ms / 1000)} seconds`;
}

/**
 * The access link's lifetime in whole days, as the login screen says it: "1 Day", "2 Days"
 * (SPEC section 9: the word Days is pluralised when more than 1).
 */
export function describeDays(days: number): string {
  return `${days} ${days > 1 ? "Days" : "Day"}`;
}
