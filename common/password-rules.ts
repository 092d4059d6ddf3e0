/**
 * The rules of a new password (SPEC section 5), with their messages, for the browser and the
 * server alike: the reset and set-password forms show these, and the server answers with them.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** argon2 takes any length; a bound keeps a request from costing the server more than a login. */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  required: "Password is a required field",
  tooShort: "New Password must be at least 8 characters long",
  tooLong: `New Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  confirmRequired: "Confirm Password is a required field",
  mismatch: "Confirm Password must match Password",
  /** Checked by the server only, against its list of the most common breached passwords. */
  common: "New Password must not be a commonly used password",
} as const;

/** A language's words for each rule (common/i18n/<language>.ts, passwordRules). */
export type PasswordMessages = { readonly [Rule in keyof typeof PASSWORD_MESSAGES]: string };

export interface NewPasswordErrors {
  password?: string;
  confirmPassword?: string;
}

/** The rules a new password breaks, in the words of `messages` (English, the specification's, by default). */
export function newPasswordErrors(
  password: string,
  confirmPassword: string,
  messages: PasswordMessages = PASSWORD_MESSAGES,
): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password === "") errors.password = messages.required;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = messages.tooShort;
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = messages.tooLong;
  if (confirmPassword === "") errors.confirmPassword = messages.confirmRequired;
  else if (confirmPassword !== password) errors.confirmPassword = messages.mismatch;
  return errors;
}

/**
 * The account page's query parameter that opens the password form at once, with a word on why:
 * where the emailed link sent instead of a breached password's sign-in leads (server/auth/password/password-login.ts).
 */
export const NEW_PASSWORD_PARAM = "newPassword";
