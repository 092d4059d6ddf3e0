/**
 * Query parameters that carry a secret or a person's address. They are replaced before a URL is
 * written to a log or sent to analytics.
 */
export const SECRET_PARAMETERS = ["token", "code", "email", "failedemail", "password", "refToken", "access_token", "id_token"].map((name) =>
  name.toLowerCase(),
);

export function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETERS.includes(name.toLowerCase());
}

/** The URL (absolute or a path with query) with every secret parameter's value replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (isSecretParameter(key)) params.set(key, "redacted");
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
