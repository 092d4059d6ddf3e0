/** How long an answer nobody has read is kept (SPEC section 9: "Cached data unused for 60 seconds is dropped"). */
export const UNUSED_DROP_MS = 60_000;

/**
 * Answers of reads (the session checks, the user info), kept while they are used: a screen that
 * asks again within a minute of the last use gets the same answer without a request, and an answer
 * unused for 60 seconds is dropped. A failed read is not kept. Anything that may change the session
 * (a sign-in, a logout, any write) calls forget().
 */
export function createReadCache(dropAfterMs = UNUSED_DROP_MS) {
  const entries = new Map<string, { answer: Promise<unknown>; drop: ReturnType<typeof setTimeout> }>();
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry) clearTimeout(entry.drop);
    entries.delete(key);
  };
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const kept = entries.get(key);
      if (kept) clearTimeout(kept.drop);
      const answer = (kept?.answer as Promise<T> | undefined) ?? load();
      if (!kept) answer.catch(() => entries.get(key)?.answer === answer && remove(key));
      // Each use starts the minute again.
      entries.set(key, { answer, drop: setTimeout(() => entries.delete(key), dropAfterMs) });
      return answer;
    },
    forget(): void {
      for (const key of [...entries.keys()]) remove(key);
    },
    /** How many answers are kept (for tests). */
    get size(): number {
      return entries.size;
    },
  };
}
