/**
 * The shape of every one-time secret and session id (256 bits, base64url): anything else is
 * refused before it reaches the database.
 */
export function looksLikeSecret(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
