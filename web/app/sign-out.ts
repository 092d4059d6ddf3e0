import { resetSession } from "../api/account.ts";

/**
 * Clears what this browser keeps (local storage) and ends the session on the server. Settles
 * either way: a failed reset must not keep the customer on a logout screen.
 */
export async function clearLocalStateAndSession(): Promise<void> {
  localStorage.clear();
  await resetSession().catch(() => undefined);
}
