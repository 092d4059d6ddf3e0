/**
 * What was last taken, and at which path. A screen takes its secrets while it first renders (in a
 * state initialiser), and React may throw such a render away and run it again (a concurrent
 * render that was interrupted): the second run must get the same values, though the address no
 * longer has them. Kept for this page load only: a reload starts without it.
 */
let lastTaken: { path: string; values: Record<string, string | null> } | undefined;

/**
 * Takes secrets (a link's token, a reset code and its email) out of the address bar, so they are
 * in no history entry, screenshot or shared address: answers each named parameter's value (null
 * when absent) and removes those present. The one way a screen drops a secret from the address.
 * It changes the address without telling the router: the screen stays the same, and the router
 * (router.ts) reads the address afresh at the next move. Asked again at the same path once they
 * are gone, it answers what it took.
 */
export function takeFromAddress<Name extends string>(...names: Name[]): Record<Name, string | null> {
  const url = new URL(window.location.href);
  if (!names.some((name) => url.searchParams.has(name))) {
    const remembered = lastTaken?.path === url.pathname ? lastTaken.values : undefined;
    return Object.fromEntries(names.map((name) => [name, remembered?.[name] ?? null])) as Record<Name, string | null>;
  }
  const taken = Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)])) as Record<Name, string | null>;
  lastTaken = { path: url.pathname, values: { ...taken } };
  for (const name of names) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return taken;
}

/**
 * A link's `token`, taken out of the address bar at once (it is a secret; the page's referrer
 * policy already keeps it from other sites) and kept in this tab's storage under `key`, so a
 * reload still finds it once the address bar has lost it.
 */
export function takeKeptToken(key: string): string | null {
  const { token } = takeFromAddress("token");
  if (token) sessionStorage.setItem(key, token);
  return token ?? sessionStorage.getItem(key);
}
