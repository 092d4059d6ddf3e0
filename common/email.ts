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

/**
 * Accounts are unique regardless of case: this is the key they are stored and found under. Only
 * A-Z are folded: String.toLowerCase also folds look-alikes into ASCII (the Kelvin sign U+212A
 * becomes "k"), which would let a differently spelled address, verified elsewhere (a Google
 * account), find another customer's account. Every valid address is ASCII, so its key is as before.
 */
export function normalizeEmail(value: string): string {
  return value.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * An address as a notice to another address shows it: its first character, an ellipsis and its
 * domain ("a…@example.org"), enough for the owner to recognise it and little for anyone else.
 */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at <= 0) return "…";
  return `${value.slice(0, 1)}…${value.slice(at)}`;
}
