/**
 * Redaction of URLs before they are written to a log or sent to analytics, by allowlist: a query
 * parameter's value is shown only when its name is known to carry nothing secret or personal.
 * Parameters that carry an address (ReturnUrl, redirectUrl) are redacted inside, recursively, so a
 * token nested in a ReturnUrl is caught too. Anything unknown (token, code, email, registrationKey,
 * a name never seen before) becomes "redacted".
 */

/** Parameters whose values are shown as they are (names compared without case). */
const SAFE_PARAMETERS = new Set(
  [
    "uuid",
    "channel",
    "usePassword",
    "skip",
    "qatest",
    "ProductId",
    "PreferredBrowser",
    "ShowUI",
    "lang",
    "theme",
    "response_type",
    "response_mode",
    "code_challenge_method",
    "client_id",
    "scope",
    "prompt",
    "utm_source",
    "utm_medium",
    "utm_campaign",
  ].map((name) => name.toLowerCase()),
);

/** Parameters whose values are addresses: shown with their own secrets redacted. */
const URL_PARAMETERS = new Set(
  ["ReturnUrl", "redirectUrl", "redirect_uri", "post_logout_redirect_uri", "back"].map((name) => name.toLowerCase()),
);

const REDACTED = "redacted";
/** Nested addresses deeper than this are redacted whole: no real address nests further. */
const MAX_DEPTH = 4;

/** Whether a parameter's value must not be shown as it is (everything not on the allowlist). */
export function isSecretParameter(name: string): boolean {
  const key = name.toLowerCase();
  return !SAFE_PARAMETERS.has(key) && !URL_PARAMETERS.has(key);
}

/** A parameter's value as it may be shown: itself, redacted inside (an address), or "redacted". */
function redactParameter(name: string, value: string, depth = 0): string {
  const key = name.toLowerCase();
  if (SAFE_PARAMETERS.has(key)) return value;
  if (URL_PARAMETERS.has(key) && depth < MAX_DEPTH) return redactUrlAt(value, depth + 1);
  return REDACTED;
}

/** The URL (absolute, or a path with query) with everything secret or personal replaced. */
export function redactUrl(url: string): string {
  return redactUrlAt(url, 0);
}

function redactUrlAt(url: string, depth: number): string {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 || hashAt === url.length - 1 ? "" : `#${REDACTED}`;
  const queryAt = beforeHash.indexOf("?");
  const address = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const redactedQuery = query
    .split("&")
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      const name = decodeSafely(rawName);
      if (equals === -1) return SAFE_PARAMETERS.has(name.toLowerCase()) ? rawName : `${rawName}=${REDACTED}`;
      const value = redactParameter(name, decodeSafely(pair.slice(equals + 1)), depth);
      return `${rawName}=${value === REDACTED ? REDACTED : encodeURIComponent(value)}`;
    })
    .join("&");
  return `${redactAddress(address)}${queryAt === -1 ? "" : `?${redactedQuery}`}${fragment}`;
}

const AUTHORITY = /^([a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i;
/** A path segment that looks like a token: long and made of base64url characters (UUIDs are shown). */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The part before the query: userinfo, email addresses and token-like segments redacted. */
function redactAddress(address: string): string {
  let origin = "";
  let path = address;
  const authority = address.match(AUTHORITY);
  if (authority) {
    const host = authority[2] ?? "";
    const at = host.lastIndexOf("@");
    origin = `${authority[1] ?? ""}//${at === -1 ? host : `${REDACTED}@${host.slice(at + 1)}`}`;
    path = address.slice(authority[0].length);
  }
  const segments = path.split("/").map((segment) => {
    const decoded = decodeSafely(segment);
    return decoded.includes("@") || (TOKEN_LIKE.test(decoded) && !UUID.test(decoded)) ? REDACTED : segment;
  });
  return origin + segments.join("/");
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
