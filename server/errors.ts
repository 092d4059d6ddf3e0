/**
 * Errors the account server answers with on purpose: a stable UPPER_SNAKE code for programs, an
 * HTTP status, and a message written for the customer who will read it.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: "The request could not be read." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send this request as JSON (Content-Type: application/json)." },
  BODY_TOO_LARGE: { status: 413, message: "The request is too large." },
  CROSS_SITE_REQUEST: { status: 403, message: "This request came from another site and was refused." },
  NOT_FOUND: { status: 404, message: "There is nothing at this address." },
  RATE_LIMITED: { status: 429, message: "Too many attempts. Please try again later." },
  LINK_UNKNOWN: { status: 404, message: "This sign-in link is not valid. Please ask for a new one." },
  LINK_USED: { status: 410, message: "This sign-in link has already been used. Please ask for a new one." },
  LINK_EXPIRED: { status: 410, message: "This sign-in link has expired. Please ask for a new one." },
  CODE_UNKNOWN: {
    status: 404,
    message:
      "There is no code waiting for this browser. Type the code on the computer where you asked for the email, or ask for a new one.",
  },
  CODE_WRONG: { status: 400, message: "That code is not right." },
  CODE_EXPIRED: { status: 410, message: "This code has expired. Please ask for a new email." },
  CODE_SPENT: { status: 410, message: "This code can no longer be used. Please ask for a new email." },
  CAPTCHA_FAILED: { status: 403, message: "Login failed" },
  CAPTCHA_NOT_CONFIGURED: { status: 503, message: "No captcha provider is configured on this server." },
  INVALID_CREDENTIALS: { status: 401, message: "Email Address or Password is invalid" },
  PASSWORD_LOGIN_DISABLED: { status: 403, message: "Signing in with a password is turned off. Please sign in with your email." },
  NOT_SIGNED_IN: { status: 401, message: "Please sign in first." },
  ADMIN_ONLY: { status: 403, message: "This page is for administrators. Sign in with an administrator's account." },
  STAFF_ONLY: { status: 403, message: "The support console is for the support team. Sign in with a support or administrator's account." },
  ADMIN_ACTION_ONLY: { status: 403, message: "Only an administrator can do this." },
  OWN_ACCOUNT: { status: 403, message: "You cannot act on your own account from the support console. Ask another member of the team." },
  ACCOUNT_DISABLED: { status: 403, message: "This account is disabled, so it cannot sign in. Please contact support." },
  PASSWORD_INVALID: { status: 400, message: "The new password does not meet the rules." },
  PASSWORD_ALREADY_SET: { status: 409, message: "This account already has a password. To change it, use Forgot your password?" },
  CURRENT_PASSWORD_MISSING: { status: 400, message: "Enter your current password." },
  CURRENT_PASSWORD_WRONG: { status: 400, message: "Your current password is incorrect." },
  GOOGLE_ONLY_WAY_IN: {
    status: 409,
    message: "Google is how you sign in besides the emailed link. Set a password first, then unlink Google.",
  },
  RESET_LINK_UNKNOWN: { status: 404, message: "This password reset link is not valid. Please ask for a new one." },
  RESET_LINK_USED: { status: 410, message: "This password reset link has already been used. Please ask for a new one." },
  RESET_LINK_EXPIRED: { status: 410, message: "This password reset link has expired. Please ask for a new one." },
  DELETION_LINK_UNKNOWN: { status: 404, message: "This account deletion link is not valid, or the account is already deleted." },
  DELETION_LINK_USED: { status: 410, message: "This account deletion link has already been used." },
  DELETION_LINK_EXPIRED: { status: 410, message: "This account deletion link has expired. Ask for a new one from your account page." },
  PASSKEY_UNKNOWN: {
    status: 401,
    message: "This passkey is not registered with us, or it was removed. Sign in with your email, then add a passkey again.",
  },
  PASSKEY_REFUSED: { status: 401, message: "This passkey could not be verified. Please try again, or sign in with your email." },
  PASSKEY_EXPIRED: { status: 400, message: "This passkey request has expired or was already used. Please try again." },
  DEVICE_NOT_FOUND: { status: 404, message: "This device is not linked to your account." },
  BUSY: { status: 503, message: "We are busy right now. Please try again in a moment." },
  INTERNAL: { status: 500, message: "Something went wrong on our side. Please try again in a moment." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** More fields of the answer, such as the list of messages of a refused password. */
  readonly details: Record<string, unknown>;
  constructor(
    code: ErrorCode,
    message: string = ERRORS[code].message,
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
    this.details = details;
  }
}
