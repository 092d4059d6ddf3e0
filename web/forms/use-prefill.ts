import { type Dispatch, type SetStateAction, useEffect, useState } from "react";

/**
 * A field's value, prefilled from a query parameter (?email=, an app's login_hint passed on by the
 * authorization callback). A screen rendered ahead of time is hydrated with no query (decision
 * 50), so the hint arrives one render later: it fills the field then, unless the customer has
 * typed in it already.
 */
export function usePrefill(search: string, name: string): [string, Dispatch<SetStateAction<string>>] {
  const hint = new URLSearchParams(search).get(name) ?? "";
  const [value, setValue] = useState(hint);
  useEffect(() => {
    if (hint) setValue((current) => current || hint);
  }, [hint]);
  return [value, setValue];
}
