/**
 * Browsers' local-network rules (docs/decisions/0013-desktop-agent.md): Chrome 142 and later asks
 * the customer before a public page may reach this computer's own addresses, and Firefox is
 * following. We ask the browser where we stand before probing, so a prompt never comes unexplained.
 */
export type LocalNetworkAccess = "granted" | "prompt" | "denied" | "not-needed";

function pageIsOnThisComputer(): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(window.location.hostname) || window.location.hostname.endsWith(".localhost");
}

export async function localNetworkAccess(): Promise<LocalNetworkAccess> {
  // A page served from this computer reaches it without any prompt.
  if (pageIsOnThisComputer()) return "not-needed";
  try {
    const status = await navigator.permissions.query({ name: "local-network-access" as PermissionName });
    return status.state;
  } catch {
    // The browser does not know the permission: it does not ask (older Chrome relies on the agent's
    // CORS answer, Access-Control-Allow-Private-Network).
    return "not-needed";
  }
}
