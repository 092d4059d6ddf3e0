import { useEffect, useRef } from "react";
import { resetSession } from "../api/account.ts";
import { refreshTheme } from "./theme.ts";

/**
 * Clears what this browser keeps (local storage) and ends the session on the server. Settles
 * either way: a failed reset must not keep the customer on a logout screen.
 */
export async function clearLocalStateAndSession(): Promise<void> {
  localStorage.clear();
  // The stored theme went with it: back to the system's, in this tab too.
  refreshTheme();
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
