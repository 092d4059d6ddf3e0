import { redactUrl } from "../../common/redact.ts";

/**
 * Parameters of the OpenID endpoints that carry a secret or a person's address, redacted in the
 * server's logs on top of common/redact.ts (kept out of that shared list: the web app never sees
 * these URLs, so its bundle need not carry them).
 */
const OIDC_SECRET_PARAMETERS = new Set(["refresh_token", "id_token_hint", "code_verifier", "client_secret", "login_hint", "logout_token"]);

export function redactServerUrl(url: string): string {
  const redacted = redactUrl(url);
  const queryStart = redacted.indexOf("?");
  if (queryStart === -1) return redacted;
  const params = new URLSearchParams(redacted.slice(queryStart + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (OIDC_SECRET_PARAMETERS.has(key.toLowerCase())) {
      params.set(key, "redacted");
      changed = true;
    }
  }
  return changed ? `${redacted.slice(0, queryStart)}?${params.toString()}` : redacted;
}
