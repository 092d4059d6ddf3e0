/**
 * One email rule for the browser and the server, so both accept exactly the same addresses.
 * The local part follows the HTML specification's valid e-mail address; unlike it, the domain must
 * contain a dot, because a customer's mail never goes to a bare host name.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** RFC 5321 limits a forward path to 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** Accounts are unique regardless of case: this is the key they are stored and found under. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
