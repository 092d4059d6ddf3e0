import { useEffect, useRef } from "react";
import { resetSession } from "../api/account.ts";
import { refreshTheme } from "./theme.ts";

/** Clears what this browser keeps (local storage). */
export function clearLocalState(): void {
  localStorage.clear();
  // The stored theme went with it: back to the system's, in this tab too.
  refreshTheme();
}

/**
 * Clears this browser and ends the session on the server, for the goodbye pages. Settles either
 * way: the software is already gone, and the page has nothing to wait for.
 */
async function clearLocalStateAndSession(): Promise<void> {
  clearLocalState();
  await resetSession().catch(() => undefined);
}

/** A goodbye page clears this browser's storage and the session once, on entry. */
export function useClearedOnEntry(): void {
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current) return;
    cleared.current = true;
    void clearLocalStateAndSession();
  }, []);
}
