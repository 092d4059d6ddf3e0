/**
 * Query parameters that belong to one OAuth-style hop and must not follow the customer to the next
 * screen (SPEC section 2).
 */
const HOP_PARAMETERS = [
  "ReturnUrl",
  "acr_values",
  "code_challenge",
  "code_challenge_method",
  "redirect_uri",
  "refToken",
  "response_mode",
  "response_type",
  "scope",
  "state",
] as const;

/** The query string without the OAuth-style parameters, with its leading "?" or empty. */
export function withoutHopParameters(search: string): string {
  const params = new URLSearchParams(search);
  // The app reads returnurl in any case, so it is dropped in any case too.
  const hop = new Set(HOP_PARAMETERS.map((name) => name.toLowerCase()));
  for (const name of [...params.keys()]) if (hop.has(name.toLowerCase())) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** A query parameter looked up regardless of the case of its name (returnurl, ReturnUrl, RETURNURL). */
export function getParamIgnoringCase(search: string, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return null;
}
