/**
 * Takes secrets (a link's token, a reset code and its email) out of the address bar, so they are
 * in no history entry, screenshot or shared address: answers each named parameter's value (null
 * when absent) and removes those present. The one way a screen drops a secret from the address.
 * It runs while a screen first renders (in a state initialiser), so it changes the address without
 * telling the router: a re-render then would run the initialiser again and find the secret gone.
 * The screen stays the same, and the router (router.ts) reads the address afresh at the next move.
 */
export function takeFromAddress<Name extends string>(...names: Name[]): Record<Name, string | null> {
  const url = new URL(window.location.href);
  const taken = Object.fromEntries(names.map((name) => [name, url.searchParams.get(name)])) as Record<Name, string | null>;
  if (names.some((name) => url.searchParams.has(name))) {
    for (const name of names) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }
  return taken;
}
