import { useSyncExternalStore } from "react";

/**
 * The login error of the session (SPEC section 8): shown under the login form that failed and on
 * the sign-up panel. Each request clears it when it starts.
 */
let current: string | undefined;
const listeners = new Set<() => void>();

export function setLoginError(message: string | undefined): void {
  current = message;
  for (const listener of listeners) listener();
}

export function useLoginError(): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // A page rendered ahead of time was rendered before any sign-in was tried.
    () => undefined,
  );
}
