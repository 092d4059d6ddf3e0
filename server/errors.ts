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
  CAPTCHA_FAILED: { status: 403, message: "Login failed" },
  INTERNAL: { status: 500, message: "Something went wrong on our side. Please try again in a moment." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message: string = ERRORS[code].message, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
  }
}
