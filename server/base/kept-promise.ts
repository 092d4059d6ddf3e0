/** What keptUntilFailure answers: the kept promise, made at the first call. */
export interface Kept<T> {
  (): Promise<T>;
  /** The kept promise when one was made and has not failed, without making one. */
  made(): Promise<T> | undefined;
}

/**
 * A promise made at its first use (a library loaded, a connection pool opened, a provider built)
 * and kept for every use after. A failure is not kept: the use after it makes the promise again,
 * so a passing fault (a registry's metadata unreachable for a moment) does not last until restart.
 */
export function keptUntilFailure<T>(make: () => Promise<T>): Kept<T> {
  let kept: Promise<T> | undefined;
  const use = (() => {
    if (kept) return kept;
    const promise = make();
    kept = promise;
    promise.catch(() => {
      if (kept === promise) kept = undefined;
    });
    return promise;
  }) as Kept<T>;
  use.made = () => kept;
  return use;
}
